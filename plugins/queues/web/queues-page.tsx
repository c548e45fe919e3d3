import { useState } from "react";
import { Button, HTMLTable, Intent, Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../web/src/session/session.ts";
import { ConfirmDialog, EmptyState, NoAccess, PageLayout, useConfirmedAction, useLiveList, type LivePage } from "../../../web/src/ui/index.ts";
import { QueueDialog } from "./queue-dialog.tsx";
import { useDeleteQueueMutation, useGetQueuesQuery, type QueueSummary } from "./queues-api.ts";

/** Same order as the server: orderQueue (unset last), then id. */
function byOrder(a: QueueSummary, b: QueueSummary) {
  if (a.orderQueue === b.orderQueue) return a.id - b.id;
  if (a.orderQueue === null) return 1;
  if (b.orderQueue === null) return -1;
  return a.orderQueue - b.orderQueue;
}

/**
 * /queues (spec 001 §2 'Queues screen'): ID, name, colour, order and greeting; add, edit
 * and delete (with a confirmation); kept live. A profile user sees the no-access view.
 */
export function QueuesPage() {
  const { t } = useTranslation("queues");
  const { isAdmin } = useSession();
  // GET /queue answers the whole list at once: one page, kept live and in the server's order.
  const list = useLiveList({
    query: useGetQueuesQuery,
    args: () => undefined,
    page: (queues): LivePage<QueueSummary> => ({ records: queues, count: queues.length, hasMore: false }),
    topic: "queue",
    payloadKey: "queue",
    order: byOrder,
    insertOn: "upsert",
    skip: !isAdmin,
    loadError: t("messages.loadError"),
  });
  const [dialog, setDialog] = useState<{ open: boolean; queueId: number | null }>({ open: false, queueId: null });
  const [deleteQueue, deleting] = useDeleteQueueMutation();
  const deletion = useConfirmedAction((q: QueueSummary) => deleteQueue(q.id).unwrap(), {
    success: t("messages.deleted"),
    onDone: (q) => list.remove(q.id),
  });
  const queues = list.records;

  if (!isAdmin) {
    return (
      <PageLayout title={t("title")}>
        <NoAccess />
      </PageLayout>
    );
  }

  return (
    <PageLayout title={t("title")} actions={<Button intent={Intent.PRIMARY} icon="add" text={t("add")} onClick={() => setDialog({ open: true, queueId: null })} />}>
      {list.loading && queues.length === 0 ? (
        <Spinner size={32} />
      ) : list.empty ? (
        <EmptyState icon="people" title={t("empty")} />
      ) : (
        <HTMLTable striped style={{ width: "100%" }} aria-label={t("title")}>
          <thead>
            <tr>
              <th>{t("columns.id")}</th>
              <th>{t("columns.name")}</th>
              <th>{t("columns.color")}</th>
              <th>{t("columns.orderQueue")}</th>
              <th>{t("columns.greetingMessage")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {queues.map((q) => (
              <tr key={q.id}>
                <td>{q.id}</td>
                <td>{q.name}</td>
                <td>
                  <span
                    role="img"
                    aria-label={t("columns.colorOf", { color: q.color })}
                    title={q.color}
                    style={{ display: "inline-block", width: 60, height: 20, borderRadius: 3, background: q.color, verticalAlign: "middle" }}
                  />
                </td>
                <td>{q.orderQueue ?? "-"}</td>
                <td style={{ maxWidth: 320, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }} title={q.greetingMessage}>
                  {q.greetingMessage}
                </td>
                <td style={{ whiteSpace: "nowrap", textAlign: "center" }}>
                  <Button icon="edit" variant="minimal" aria-label={t("actions.edit", { name: q.name })} onClick={() => setDialog({ open: true, queueId: q.id })} />
                  <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("actions.delete", { name: q.name })} onClick={() => deletion.ask(q)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <QueueDialog isOpen={dialog.open} queueId={dialog.queueId} queues={queues} onClose={() => setDialog({ open: false, queueId: null })} onSaved={list.upsert} />
      <ConfirmDialog {...deletion.dialog} title={t("confirm.title", { name: deletion.target?.name ?? "" })} message={t("confirm.message")} loading={deleting.isLoading} />
    </PageLayout>
  );
}

export default QueuesPage;
