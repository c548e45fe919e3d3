import { useEffect, useState, type FormEvent } from "react";
import { Button, Dialog, DialogBody, DialogFooter, Intent, Spinner, Tab, Tabs } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../web/src/session/session.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import { ChatbotEditor } from "./chatbot-editor.tsx";
import { QueueDataFields } from "./queue-data-fields.tsx";
import { formFromQueue, newQueueForm, serverErrors, toPayload, validateQueue, type FormErrors, type QueueForm } from "./queue-form.ts";
import { QueueScheduleFields } from "./queue-schedule-fields.tsx";
import { useCreateQueueMutation, useGetQueueQuery, useGetQueueUserOptionsQuery, useUpdateQueueMutation, type Queue, type QueueSummary } from "./queues-api.ts";

export interface QueueDialogProps {
  isOpen: boolean;
  /** null creates a new queue. */
  queueId: number | null;
  /** The company's queues: targets for "send to queue" options, and whether a greeting is required. */
  queues: readonly Pick<QueueSummary, "id" | "name">[];
  onClose: () => void;
  onSaved?: (queue: Queue) => void;
}

type TabId = "data" | "schedules";

/**
 * Create or edit a queue (spec 001 §2 'Queues screen'): the data tab with the chatbot
 * option tree, and the schedule tab while the company schedules by queue. The spec's
 * rules are checked before sending; the server's answer marks the same fields.
 */
export function QueueDialog({ isOpen, queueId, queues, onClose, onSaved }: QueueDialogProps) {
  const { t } = useTranslation("queues");
  const { settings } = useSession();
  const scheduleByQueue = settings.scheduleType === "queue";
  const isNew = queueId === null;
  const { currentData: queue, isFetching, isError } = useGetQueueQuery(queueId ?? 0, { skip: !isOpen || isNew, refetchOnMountOrArgChange: true });
  const users = useGetQueueUserOptionsQuery(undefined, { skip: !isOpen });
  const [createQueue, creating] = useCreateQueueMutation();
  const [updateQueue, updating] = useUpdateQueueMutation();
  const [form, setForm] = useState<QueueForm>(newQueueForm);
  const [errors, setErrors] = useState<FormErrors>({});
  const [tab, setTab] = useState<TabId>("data");

  useEffect(() => {
    if (!isOpen) return;
    setErrors({});
    setTab("data");
    if (isNew) setForm(newQueueForm());
  }, [isOpen, isNew, queueId]);
  useEffect(() => {
    if (isOpen && !isNew && queue) setForm(formFromQueue(queue));
  }, [isOpen, isNew, queue]);
  useEffect(() => {
    if (isError) toastError(t("messages.loadError"));
  }, [isError, t]);

  const set = <K extends keyof QueueForm>(key: K, value: QueueForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A changed field (or anything inside it: a day, an option) drops its messages.
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== key && !k.startsWith(`${key}.`))));
  };

  const show = (found: FormErrors) => {
    setErrors(found);
    const onlySchedules = Object.keys(found).every((k) => k.startsWith("schedules."));
    setTab(onlySchedules && scheduleByQueue ? "schedules" : "data");
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const otherQueues = queues.filter((q) => q.id !== queueId).length;
    const found = validateQueue(form, { otherQueues, scheduleByQueue });
    if (Object.keys(found).length) return show(found);
    try {
      const payload = toPayload(form, scheduleByQueue);
      const saved = isNew ? await createQueue(payload).unwrap() : await updateQueue({ id: queueId, ...payload }).unwrap();
      toastSuccess(t("messages.saved"));
      onSaved?.(saved);
      onClose();
    } catch (err) {
      const fields = serverErrors(err);
      if (fields) show(fields);
      else toastError(err);
    }
  };

  const busy = creating.isLoading || updating.isLoading;
  const targets = queues.filter((q) => q.id !== queueId);
  const data = (
    <>
      <QueueDataFields form={form} errors={errors} set={set} scheduleByQueue={scheduleByQueue} />
      <ChatbotEditor options={form.chatbots} onChange={(chatbots) => set("chatbots", chatbots)} errors={errors} queues={targets} users={users.data ?? []} />
    </>
  );
  const title = isNew ? t("dialog.addTitle") : t("dialog.editTitle");

  return (
    <Dialog isOpen={isOpen} onClose={busy ? undefined : onClose} title={title} icon="people" style={{ width: 760, maxWidth: "calc(100vw - 32px)" }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <DialogBody>
          {!isNew && isFetching && !queue ? (
            <Spinner size={32} />
          ) : scheduleByQueue ? (
            <Tabs id="queue-dialog-tabs" selectedTabId={tab} onChange={(id) => setTab(id as TabId)}>
              <Tab id="data" title={t("dialog.tabs.data")} panel={data} />
              <Tab id="schedules" title={t("dialog.tabs.schedules")} panel={<QueueScheduleFields schedules={form.schedules} errors={errors} onChange={(s) => set("schedules", s)} />} />
            </Tabs>
          ) : (
            data
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("dialog.cancel")} variant="minimal" onClick={onClose} disabled={busy} />
              <Button type="submit" intent={Intent.PRIMARY} text={isNew ? t("dialog.add") : t("dialog.save")} loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
