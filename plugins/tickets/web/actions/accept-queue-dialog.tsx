import { useEffect, useState } from "react";
import { Button, Dialog, DialogBody, DialogFooter, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useQueueChoices } from "./queue-choices.ts";
import { QueueSelect } from "./queue-select.tsx";

export interface AcceptQueueDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onConfirm: (queueId: number) => void;
  loading?: boolean;
}

/** 'Accept ticket (choose queue)' (spec 000 §2, §4): a ticket without a queue is accepted or reopened into the chosen one. */
export function AcceptQueueDialog({ isOpen, onClose, onConfirm, loading }: AcceptQueueDialogProps) {
  const { t } = useTranslation("tickets");
  const { queues } = useQueueChoices({ skip: !isOpen });
  const [queueId, setQueueId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Each opening starts clean…
  useEffect(() => {
    if (!isOpen) return;
    setError(null);
    setQueueId(null);
  }, [isOpen]);
  // …and the single queue is preselected once the list is known (without clearing a
  // validation message the user already got while the list was loading).
  useEffect(() => {
    if (isOpen && queues.length === 1) setQueueId((current) => current ?? queues[0]!.id);
  }, [isOpen, queues.length]);

  const submit = () => {
    if (queueId === null) return setError(t("actions.fields.chooseQueue"));
    onConfirm(queueId);
  };

  return (
    <Dialog isOpen={isOpen} onClose={loading ? undefined : onClose} title={t("actions.accept.title")} icon="inbox" style={{ width: 420, maxWidth: "calc(100vw - 32px)" }}>
      <DialogBody>
        <QueueSelect
          id="accept-queue"
          queues={queues}
          value={queueId}
          error={error}
          onChange={(id) => {
            setQueueId(id);
            setError(null);
          }}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button variant="minimal" text={t("actions.cancel")} onClick={onClose} disabled={loading} />
            <Button intent={Intent.PRIMARY} text={t("actions.accept.confirm")} onClick={submit} loading={loading} />
          </>
        }
      />
    </Dialog>
  );
}
