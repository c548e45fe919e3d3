import { useCallback, useEffect, useState } from "react";
import { Button } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { subscriptionExpired } from "../../../web/src/plugin/access.ts";
import { useRealtimeEvent } from "../../../web/src/realtime/realtime.ts";
import { logout } from "../../../web/src/session/session-actions.ts";
import { useSession } from "../../../web/src/session/session.ts";
import { useAppDispatch } from "../../../web/src/store/store.ts";
import { ConfirmDialog, EmptyState, LoadingState, NoAccess, PageLayout, toastError, toastSuccess, useConfirmedAction } from "../../../web/src/ui/index.ts";
import type { Channel } from "../shared/connection-rules.ts";
import { AddConnectionMenu, type AddChoice } from "./add-connection-menu.tsx";
import { CloudApiDialog } from "./cloud-api-dialog.tsx";
import { ConnectionDialog } from "./connection-dialog.tsx";
import { useDeleteConnectionMutation, useGetConnectionsQuery, useRestartAllMutation, type Connection } from "./connections-api.ts";
import { ConnectionsTable } from "./connections-table.tsx";
import { FacebookLinkDialog } from "./facebook-link-dialog.tsx";
import { QrDialog } from "./qr-dialog.tsx";
import type { ImportProgress } from "./session-actions.tsx";
import { useConnectionsLive } from "./use-connections-live.ts";
import "./connections.css";

type EditState = { open: false } | { open: true; id: number | null; channel: Channel };

/**
 * /connections (spec 001 §2 'Connections screen'): the company's connections, kept live,
 * with per-status session actions, the add menu by plan flag, the connection, QR, Meta
 * and Cloud API dialogs. Admins and users with allowConnections manage; others see the
 * no-access view. An expired company is logged out here (spec 001 §4).
 */
export function ConnectionsPage() {
  const { t } = useTranslation("connections");
  const session = useSession();
  const dispatch = useAppDispatch();
  const canManage = session.isAdmin || session.can("connections-page:addConnection");
  const expired = subscriptionExpired(session);
  const list = useGetConnectionsQuery(undefined, { skip: !canManage || expired, refetchOnMountOrArgChange: true });
  const live = useConnectionsLive();
  const [edit, setEdit] = useState<EditState>({ open: false });
  const [qrId, setQrId] = useState<number | null>(null);
  const [meta, setMeta] = useState<{ open: boolean; instagram: boolean }>({ open: false, instagram: false });
  const [cloudOpen, setCloudOpen] = useState(false);
  // Import progress per connection (several connections may import at once).
  const [progress, setProgress] = useState<Record<number, ImportProgress>>({});
  const [deleteConnection, deleting] = useDeleteConnectionMutation();
  const [restartAll, restarting] = useRestartAllMutation();
  const deletion = useConfirmedAction((c: Connection) => deleteConnection(c.id).unwrap(), {
    success: t("messages.deleted"),
    onDone: (c) => live.remove(c.id),
  });
  const connections = list.data ?? [];
  const companyId = session.user?.companyId;

  useEffect(() => {
    if (expired) void dispatch(logout());
  }, [expired, dispatch]);
  useEffect(() => {
    if (list.isError) toastError(list.error);
  }, [list.isError, list.error]);
  useRealtimeEvent(companyId ? `importMessages-${companyId}` : "", (payload: { action?: string; whatsappId?: number; status?: ImportProgress }) => {
    const { whatsappId, status } = payload ?? {};
    if (payload?.action === "update" && status && typeof whatsappId === "number") setProgress((all) => ({ ...all, [whatsappId]: status }));
  });

  const closeQr = useCallback(() => setQrId(null), []);
  const choose = (choice: AddChoice) => {
    if (choice === "facebook" || choice === "instagram") setMeta({ open: true, instagram: choice === "instagram" });
    else if (choice === "whatsappapi") setCloudOpen(true);
    else setEdit({ open: true, id: null, channel: choice });
  };
  const restart = async () => {
    try {
      await restartAll().unwrap();
      toastSuccess(t("messages.restarting"));
    } catch (err) {
      toastError(err);
    }
  };

  if (!canManage) {
    return (
      <PageLayout title={t("title")}>
        <NoAccess />
      </PageLayout>
    );
  }

  const actions = (
    <>
      {session.isAdmin ? <Button icon="refresh" text={t("restartAll")} loading={restarting.isLoading} onClick={restart} /> : null}
      <AddConnectionMenu onChoose={choose} />
    </>
  );

  return (
    <PageLayout title={t("title")} actions={actions}>
      {list.isLoading ? (
        <LoadingState />
      ) : connections.length === 0 ? (
        <EmptyState icon="mobile-phone" title={t("empty.title")} description={t("empty.description")} />
      ) : (
        <ConnectionsTable
          connections={connections}
          canManage={canManage}
          importProgress={progress}
          onShowQr={(c) => setQrId(c.id)}
          onEdit={(c) => setEdit({ open: true, id: c.id, channel: c.channelKind })}
          onDelete={deletion.ask}
        />
      )}
      <ConnectionDialog
        isOpen={edit.open}
        connectionId={edit.open ? edit.id : null}
        channel={edit.open ? edit.channel : "whatsapp"}
        onClose={() => setEdit({ open: false })}
        onSaved={(c) => live.upsert(c)}
      />
      <QrDialog isOpen={qrId !== null} connection={connections.find((c) => c.id === qrId)} onClose={closeQr} />
      <FacebookLinkDialog
        isOpen={meta.open}
        instagram={meta.instagram}
        onClose={() => setMeta((m) => ({ ...m, open: false }))}
        onLinked={(list) => {
          for (const c of list) live.upsert(c);
        }}
      />
      <CloudApiDialog isOpen={cloudOpen} onClose={() => setCloudOpen(false)} onCreated={(c) => live.upsert(c)} />
      <ConfirmDialog {...deletion.dialog} title={t("confirm.title", { name: deletion.target?.name ?? "" })} message={t("confirm.message")} loading={deleting.isLoading} />
    </PageLayout>
  );
}

export default ConnectionsPage;
