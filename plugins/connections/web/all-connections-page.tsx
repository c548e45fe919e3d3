import { useCallback, useEffect, useMemo, useState } from "react";
import { Button, HTMLTable } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useSession } from "../../../web/src/session/session.ts";
import { ConfirmDialog, EmptyState, LoadingState, PageLayout, toastError, useConfirmedAction } from "../../../web/src/ui/index.ts";
import { summarize } from "./all-connections-summary.ts";
import { CompanyConnectionsDialog } from "./company-connections-dialog.tsx";
import { ConnectionDialog } from "./connection-dialog.tsx";
import { useDeleteConnectionMutation, useGetAllConnectionsQuery, useGetCompanyOptionsQuery, type Connection } from "./connections-api.ts";
import { QrDialog } from "./qr-dialog.tsx";
import { useConnectionsLive } from "./use-connections-live.ts";
import "./connections.css";

/**
 * /allConnections (spec 001 §2, super user): connected, disconnected and total per
 * company with a grand total; a row opens that company's connections. Anyone else is
 * sent to /tickets.
 */
export function AllConnectionsPage() {
  const { t } = useTranslation("connections");
  const { isSuper, user } = useSession();
  const [, navigate] = useLocation();
  const all = useGetAllConnectionsQuery(undefined, { skip: !isSuper, refetchOnMountOrArgChange: true });
  const companies = useGetCompanyOptionsQuery(undefined, { skip: !isSuper });
  const live = useConnectionsLive("getAllConnections");
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [editId, setEditId] = useState<number | null>(null);
  const [addFor, setAddFor] = useState<number | null>(null);
  const [qrId, setQrId] = useState<number | null>(null);
  const [deleteConnection, deleting] = useDeleteConnectionMutation();
  const deletion = useConfirmedAction((c: Connection) => deleteConnection(c.id).unwrap(), { success: t("messages.deleted"), onDone: (c) => live.remove(c.id) });
  const connections = all.data ?? [];
  const { rows, totals } = useMemo(() => summarize(connections, companies.data ?? []), [connections, companies.data]);
  const chosen = rows.find((r) => r.companyId === companyId);

  useEffect(() => {
    if (user && !isSuper) navigate("/tickets");
  }, [user, isSuper, navigate]);
  useEffect(() => {
    if (all.isError) toastError(all.error);
  }, [all.isError, all.error]);
  const closeQr = useCallback(() => setQrId(null), []);

  if (!isSuper) return null;
  return (
    <PageLayout title={t("all.title")} actions={<Button icon="refresh" text={t("all.refresh")} onClick={() => void all.refetch()} />}>
      {all.isLoading ? (
        <LoadingState />
      ) : rows.length === 0 ? (
        <EmptyState icon="globe-network" title={t("empty.title")} />
      ) : (
        <HTMLTable striped interactive className="connections-table" style={{ width: "100%" }} aria-label={t("all.title")}>
          <thead>
            <tr>
              <th>{t("all.company")}</th>
              <th style={{ textAlign: "center" }}>{t("all.connected")}</th>
              <th style={{ textAlign: "center" }}>{t("all.disconnected")}</th>
              <th style={{ textAlign: "center" }}>{t("all.total")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.companyId} data-testid={`company-row-${r.companyId}`} onClick={() => setCompanyId(r.companyId)} style={{ cursor: "pointer" }}>
                <td>
                  <Button
                    variant="minimal"
                    className="connections-company-button"
                    text={r.name}
                    aria-label={t("all.open", { name: r.name })}
                    onClick={() => setCompanyId(r.companyId)}
                  />
                </td>
                <td style={{ textAlign: "center" }}>{r.connected}</td>
                <td style={{ textAlign: "center" }}>{r.disconnected}</td>
                <td style={{ textAlign: "center" }}>{r.total}</td>
              </tr>
            ))}
            <tr className="connections-total-row" data-testid="total-row">
              <td>{t("all.grandTotal")}</td>
              <td style={{ textAlign: "center" }}>{totals.connected}</td>
              <td style={{ textAlign: "center" }}>{totals.disconnected}</td>
              <td style={{ textAlign: "center" }}>{totals.total}</td>
            </tr>
          </tbody>
        </HTMLTable>
      )}
      <CompanyConnectionsDialog
        isOpen={companyId !== null}
        companyName={chosen?.name ?? ""}
        connections={connections.filter((c) => c.companyId === companyId)}
        onClose={() => setCompanyId(null)}
        onShowQr={(c) => setQrId(c.id)}
        onEdit={(c) => setEditId(c.id)}
        onDelete={deletion.ask}
        onAdd={() => setAddFor(companyId)}
      />
      <ConnectionDialog
        isOpen={addFor !== null}
        connectionId={null}
        channel="whatsapp"
        companyId={addFor ?? undefined}
        onClose={() => setAddFor(null)}
        onSaved={(c) => live.upsert(c)}
      />
      <ConnectionDialog isOpen={editId !== null} connectionId={editId} admin onClose={() => setEditId(null)} onSaved={(c) => live.upsert(c)} />
      <QrDialog isOpen={qrId !== null} connection={connections.find((c) => c.id === qrId)} onClose={closeQr} />
      <ConfirmDialog {...deletion.dialog} title={t("confirm.title", { name: deletion.target?.name ?? "" })} message={t("confirm.message")} loading={deleting.isLoading} />
    </PageLayout>
  );
}

export default AllConnectionsPage;
