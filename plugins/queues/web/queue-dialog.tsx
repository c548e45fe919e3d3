import { useState } from "react";
import { Tab, Tabs } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Zone } from "../../../web/src/plugin/zone.tsx";
import { useSession } from "../../../web/src/session/session.ts";
import { RecordDialog, useRecordDialog } from "../../../web/src/ui/index.ts";
import { ChatbotEditor } from "./chatbot-editor.tsx";
import { QueueDataFields } from "./queue-data-fields.tsx";
import { OfficeHoursEditor } from "../../office-hours/web/public.ts";
import { formFromQueue, newQueueForm, scheduleProblems, serverErrors, toPayload, validateQueue, type FormErrors } from "./queue-form.ts";
import {
  useCreateQueueMutation,
  useGetQueueQuery,
  useGetQueueUserOptionsQuery,
  useGetReferenceKindsQuery,
  useUpdateQueueMutation,
  type Queue,
  type QueueSummary,
} from "./queues-api.ts";
import type { QueueHandlerField } from "./zones.ts";

export interface QueueDialogProps {
  isOpen: boolean;
  /** null creates a new queue. */
  queueId: number | null;
  /** The company's queues: targets for "send to queue" options, and whether a greeting is required. */
  queues: readonly (Pick<QueueSummary, "id" | "name"> & Partial<Pick<QueueSummary, "color">>)[];
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
  const users = useGetQueueUserOptionsQuery(undefined, { skip: !isOpen });
  // Which plugins handle integrations and file lists: an option naming a kind without one cannot be saved.
  const kinds = useGetReferenceKindsQuery(undefined, { skip: !isOpen }).data?.kinds ?? null;
  const [createQueue] = useCreateQueueMutation();
  const [updateQueue] = useUpdateQueueMutation();
  const [tab, setTab] = useState<TabId>("data");
  const dialog = useRecordDialog({
    isOpen,
    id: queueId,
    useRecord: useGetQueueQuery,
    // Two new queues in a row must not both start with the same colour: it is unique per company.
    blank: () => newQueueForm(queues.flatMap((q) => (q.color ? [q.color] : []))),
    toForm: formFromQueue,
    validate: (form) => validateQueue(form, { otherQueues: queues.filter((q) => q.id !== queueId).length, scheduleByQueue, kinds }),
    save: (form, id) => {
      const payload = toPayload(form, scheduleByQueue);
      return (id === null ? createQueue(payload) : updateQueue({ id, ...payload })).unwrap();
    },
    fieldErrors: serverErrors,
    messages: { saved: t("messages.saved"), loadError: t("messages.loadError") },
    onClose,
    onSaved,
    onOpen: () => setTab("data"),
    // Errors only in the schedule go to that tab; any other shows the data tab.
    onErrors: (found: FormErrors) => {
      const onlySchedules = Object.keys(found).every((k) => k.startsWith("schedules."));
      setTab(onlySchedules && scheduleByQueue ? "schedules" : "data");
    },
  });
  const { form, errors, set } = dialog;

  const targets = queues.filter((q) => q.id !== queueId);
  const handlerError = (key: QueueHandlerField) => (errors[key] ? t(`validation.${errors[key]}`, { defaultValue: errors[key] }) : undefined);
  const data = (
    <>
      <QueueDataFields form={form} errors={errors} set={set} scheduleByQueue={scheduleByQueue} />
      {/* The integration and file-list plugins' selectors; without them a stored value is sent back unchanged. */}
      <Zone
        name="queues.dialog.handlers"
        props={{
          values: { integrationId: form.integrationId, fileListId: form.fileListId },
          set: (field, id) => set(field, id),
          errors: { integrationId: handlerError("integrationId"), fileListId: handlerError("fileListId") },
        }}
      />
      <ChatbotEditor options={form.chatbots} onChange={(chatbots) => set("chatbots", chatbots)} errors={errors} queues={targets} users={users.data ?? []} kinds={kinds} />
    </>
  );

  return (
    <RecordDialog {...dialog.frame} ns="queues" icon="people" width={760}>
      {scheduleByQueue ? (
        <Tabs id="queue-dialog-tabs" selectedTabId={tab} onChange={(id) => setTab(id as TabId)}>
          <Tab id="data" title={t("dialog.tabs.data")} panel={data} />
          <Tab
            id="schedules"
            title={t("dialog.tabs.schedules")}
            panel={<OfficeHoursEditor week={form.schedules} problems={scheduleProblems(errors, form.schedules.length)} onChange={(s) => set("schedules", s)} />}
          />
        </Tabs>
      ) : (
        data
      )}
    </RecordDialog>
  );
}
