import { useState } from "react";
import { Button, Dialog, DialogBody, DialogFooter, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastError, toastSuccess } from "../../../../web/src/ui/toast.ts";
import type { Contact } from "../../../contacts/web/public.ts";
import type { MessageView } from "../../shared/ticket-types.ts";
import { useForwardMessageMutation } from "../messages-api.ts";
import { ContactSearch } from "./contact-search.tsx";
import { FORWARD_DELAY_MS } from "./message-rules.ts";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one POST /message/forward per selected message to the chosen contact, 900 ms apart
 * (spec 000 §9), in the order they were written.
 */
export async function forwardAll(
  messages: MessageView[],
  contactId: number,
  signMessage: boolean,
  send: (body: { messageId: number; contactId: number; signMessage: boolean }) => Promise<unknown>,
  wait: (ms: number) => Promise<unknown> = pause,
): Promise<void> {
  const ordered = [...messages].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  for (const [i, m] of ordered.entries()) {
    if (i > 0) await wait(FORWARD_DELAY_MS);
    await send({ messageId: m.id, contactId, signMessage });
  }
}

export interface ForwardDialogProps {
  isOpen: boolean;
  messages: MessageView[];
  signMessage: boolean;
  onClose: () => void;
  onDone: () => void;
}

export function ForwardDialog({ isOpen, messages, signMessage, onClose, onDone }: ForwardDialogProps) {
  const { t } = useTranslation("tickets");
  const [contact, setContact] = useState<Contact | null>(null);
  const [busy, setBusy] = useState(false);
  const [forward] = useForwardMessageMutation();

  const send = async () => {
    if (!contact) return;
    setBusy(true);
    try {
      await forwardAll(messages, contact.id, signMessage, (body) => forward(body).unwrap());
      toastSuccess(t("conversation.forward.done", { count: messages.length }));
      setContact(null);
      onDone();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={busy ? undefined : onClose} title={t("conversation.forward.title", { count: messages.length })} icon="share">
      <DialogBody>
        <ContactSearch selected={contact} onSelect={setContact} autoFocus />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button variant="minimal" text={t("conversation.cancel")} onClick={onClose} disabled={busy} />
            <Button intent={Intent.PRIMARY} icon="share" text={t("conversation.forward.send")} disabled={!contact} loading={busy} onClick={() => void send()} />
          </>
        }
      />
    </Dialog>
  );
}
