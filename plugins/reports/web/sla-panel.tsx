import { Button, Dialog, DialogBody, DialogFooter, HTMLTable, InputGroup, Spinner, Tag } from "@blueprintjs/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isAdminUser, useSession } from "../../../web/src/session/session.ts";
import { EmptyState, toastError, toastSuccess, validationFields } from "../../../web/src/ui/index.ts";
import type { DayRange, SlaFigureView, SlaTargetRowView } from "../shared/report-types.ts";
import { useGetSlaComplianceQuery, useGetSlaTargetsQuery, useSaveSlaTargetsMutation } from "./sla-api.ts";

/** "66.67 % (2/3)" or a dash without tickets; the intent: green from 90 %, amber from 70 %, red below. */
function Figure({ f }: { f: SlaFigureView }) {
  const { t } = useTranslation("reports");
  if (!f) return <span className="bp6-text-muted">—</span>;
  if (f.perc === null) return <span title={t("sla.running", { count: f.running })}>{t("sla.noTickets")}</span>;
  const intent = f.perc >= 90 ? "success" : f.perc >= 70 ? "warning" : "danger";
  return (
    <span title={t("sla.running", { count: f.running })}>
      <Tag minimal intent={intent}>
        {f.perc}%
      </Tag>{" "}
      <span className="bp6-text-muted">{t("sla.metOf", { met: f.met, total: f.met + f.missed, target: f.targetMinutes })}</span>
    </span>
  );
}

const asMinutes = (v: string): number | null => (v.trim() === "" ? null : Number(v));

/** The admins' editor: every queue with its two targets in minutes (empty: none). */
function TargetsDialog({ rows, onClose }: { rows: SlaTargetRowView[]; onClose: () => void }) {
  const { t } = useTranslation("reports");
  const [draft, setDraft] = useState(() => rows.map((r) => ({ ...r, fr: r.firstResponseMinutes?.toString() ?? "", res: r.resolutionMinutes?.toString() ?? "" })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, saving] = useSaveSlaTargetsMutation();
  const submit = async () => {
    try {
      await save({ targets: draft.map((d) => ({ queueId: d.queueId, firstResponseMinutes: asMinutes(d.fr), resolutionMinutes: asMinutes(d.res) })) }).unwrap();
      toastSuccess(t("sla.saved"));
      onClose();
    } catch (err) {
      const fields = validationFields(err);
      if (fields) setErrors(fields);
      else toastError(err);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={t("sla.editTitle")}>
      <DialogBody>
        <p className="reports-help">{t("sla.editHelp")}</p>
        <HTMLTable compact style={{ width: "100%" }} aria-label={t("sla.editTitle")}>
          <thead>
            <tr>
              <th>{t("sla.queue")}</th>
              <th>{t("sla.firstResponseTarget")}</th>
              <th>{t("sla.resolutionTarget")}</th>
            </tr>
          </thead>
          <tbody>
            {draft.map((d, i) => (
              <tr key={d.queueId}>
                <td>{d.queueName}</td>
                {(["fr", "res"] as const).map((key) => {
                  const field = `targets.${i}.${key === "fr" ? "firstResponseMinutes" : "resolutionMinutes"}`;
                  return (
                    <td key={key}>
                      <InputGroup
                        type="number"
                        min={1}
                        aria-label={t(key === "fr" ? "sla.firstResponseOf" : "sla.resolutionOf", { queue: d.queueName })}
                        value={d[key]}
                        intent={errors[field] ? "danger" : "none"}
                        title={errors[field]}
                        onChange={(e) => setDraft(draft.map((x, j) => (j === i ? { ...x, [key]: e.target.value } : x)))}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </DialogBody>
      <DialogFooter
        actions={[
          <Button key="cancel" text={t("sla.cancel")} onClick={onClose} />,
          <Button key="save" intent="primary" text={t("sla.save")} loading={saving.isLoading} onClick={submit} />,
        ]}
      />
    </Dialog>
  );
}

/** The dashboard's SLA tab: % met per queue for the range; admins edit the targets here. */
export function SlaTab({ range, businessHours = false }: { range: DayRange; businessHours?: boolean }) {
  const { t } = useTranslation("reports");
  const { user } = useSession();
  const compliance = useGetSlaComplianceQuery({ ...range, businessHours });
  const targets = useGetSlaTargetsQuery();
  const [editing, setEditing] = useState(false);
  const rows = compliance.data?.queues ?? [];
  return (
    <>
      {isAdminUser(user) ? <Button icon="edit" text={t("sla.edit")} disabled={!targets.data} onClick={() => setEditing(true)} /> : null}
      {compliance.isFetching && !compliance.data ? (
        <Spinner size={20} />
      ) : !rows.length ? (
        <EmptyState icon="time" title={t("sla.empty")} />
      ) : (
        <HTMLTable striped compact style={{ width: "100%", marginTop: 8 }} aria-label={t("sla.title")}>
          <thead>
            <tr>
              <th>{t("sla.queue")}</th>
              <th>{t("sla.firstResponse")}</th>
              <th>{t("sla.resolution")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.queueId}>
                <td>
                  <Tag minimal style={{ borderLeft: `4px solid ${r.queueColor || "#8f99a8"}` }}>
                    {r.queueName}
                  </Tag>
                </td>
                <td>
                  <Figure f={r.firstResponse} />
                </td>
                <td>
                  <Figure f={r.resolution} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <p className="reports-help">{t("help.sla")}</p>
      {editing && targets.data ? (
        <TargetsDialog
          rows={targets.data.targets}
          onClose={() => {
            setEditing(false);
            void targets.refetch();
            void compliance.refetch();
          }}
        />
      ) : null}
    </>
  );
}
