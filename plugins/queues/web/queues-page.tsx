import { useEffect, useState } from "react";
import { Button, HTMLTable, Intent, Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { useSession } from "../../../web/src/session/session.ts";
import { useAppDispatch } from "../../../web/src/store/store.ts";
import { ConfirmDialog, EmptyState, NoAccess, PageLayout, toastError, useConfirmedAction } from "../../../web/src/ui/index.ts";
import { QueueDialog } from "./queue-dialog.tsx";
import { queuesApi, useDeleteQueueMutation, useGetQueuesQuery, type Queue, type QueueSummary } from "./queues-api.ts";

/** Same order as the server: orderQueue (unset last), then id. */
function byOrder(a: QueueSummary, b: QueueSummary) {
  if (a.orderQueue === b.orderQueue) return a.id - b.id;
  if (a.orderQueue === null) return 1;
  if (b.orderQueue === null) return -1;
  return a.orderQueue - b.orderQueue;
}

function summaryOf(queue: Queue | QueueSummary): QueueSummary {
  const { chatbots: _c, ...rest } = queue as Queue;
  return rest;
}

/** Keeps the cached GET /queue list in step with saves and `company-{id}-queue` events. */
function useQueueListSync() {
  const dispatch = useAppDispatch();
  const upsert = (queue: Queue | QueueSummary) =>
    dispatch(
      queuesApi.util.updateQueryData("getQueues", undefined, (list) => {
        const next = list.filter((q) => q.id !== queue.id);
        next.push(summaryOf(queue));
        return next.sort(byOrder);
      }),
    );
  const remove = (id: number) => dispatch(queuesApi.util.updateQueryData("getQueues", undefined, (list) => list.filter((q) => q.id !== id)));
  useCompanyEvent("queue", (payload: { action?: string; queue?: Queue; queueId?: number }) => {
    if (payload?.action === "delete") {
      const id = payload.queueId ?? payload.queue?.id;
      if (typeof id === "number") remove(id);
    } else if ((payload?.action === "create" || payload?.action === "update") && payload.queue) upsert(payload.queue);
  });
  return { upsert, remove };
}

/**
 * /queues (spec 001 §2 'Queues screen'): ID, name, colour, order and greeting; add, edit
 * and delete (with a confirmation); kept live. A profile user sees the no-access view.
 */
export function QueuesPage() {
  const { t } = useTranslation("queues");
  const { isAdmin } = useSession();
  const list = useGetQueuesQuery(undefined, { skip: !isAdmin, refetchOnMountOrArgChange: true });
  const sync = useQueueListSync();
  const [dialog, setDialog] = useState<{ open: boolean; queueId: number | null }>({ open: false, queueId: null });
  const [deleteQueue, deleting] = useDeleteQueueMutation();
  const deletion = useConfirmedAction((q: QueueSummary) => deleteQueue(q.id).unwrap(), {
    success: t("messages.deleted"),
    onDone: (q) => sync.remove(q.id),
  });
  const queues = list.data ?? [];

  useEffect(() => {
    if (list.isError) toastError(t("messages.loadError"));
  }, [list.isError, t]);

  if (!isAdmin) {
    return (
      <PageLayout title={t("title")}>
        <NoAccess />
      </PageLayout>
    );
  }

  return (
    <PageLayout title={t("title")} actions={<Button intent={Intent.PRIMARY} icon="add" text={t("add")} onClick={() => setDialog({ open: true, queueId: null })} />}>
      {list.isLoading ? (
        <Spinner size={32} />
      ) : queues.length === 0 ? (
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
      <QueueDialog
        isOpen={dialog.open}
        queueId={dialog.queueId}
        queues={queues}
        onClose={() => setDialog({ open: false, queueId: null })}
        onSaved={sync.upsert}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("confirm.title", { name: deletion.target?.name ?? "" })}
        message={t("confirm.message")}
        loading={deleting.isLoading}
      />
    </PageLayout>
  );
}

export default QueuesPage;
