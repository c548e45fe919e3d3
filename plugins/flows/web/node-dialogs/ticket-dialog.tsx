import { useState } from "react";
import { FormGroup, HTMLSelect } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { ticketQueueId } from "../../shared/flow-engine.ts";
import { useFlowQueueOptionsQuery } from "../flows-api.ts";
import { NodeDialogShell, type NodeDialogProps } from "./node-dialog-shell.tsx";

/** The ticket node: its data holds the queue (`data {id, name}`); a queue is required ('Adicione uma fila'). */
export function TicketDialog({ data, mode, onClose, onSave }: NodeDialogProps) {
  const { t } = useTranslation("flows");
  const { data: queues = [] } = useFlowQueueOptionsQuery();
  const [queueId, setQueueId] = useState(() => String(ticketQueueId(data) ?? ""));
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const queue = queues.find((q) => String(q.id) === queueId);
    if (!queue) return setError(t("validation.queueRequired"));
    onSave({ ...data, data: { id: queue.id, name: queue.name } });
  };
  return (
    <NodeDialogShell kind="ticket" mode={mode} error={error} onClose={onClose} onSave={save}>
      <FormGroup label={t("fields.queue")} labelFor="node-queue">
        <HTMLSelect
          id="node-queue"
          fill
          value={queueId}
          onChange={(e) => setQueueId(e.target.value)}
          options={[{ value: "", label: t("fields.pickQueue") }, ...queues.map((q) => ({ value: String(q.id), label: q.name }))]}
        />
      </FormGroup>
    </NodeDialogShell>
  );
}
