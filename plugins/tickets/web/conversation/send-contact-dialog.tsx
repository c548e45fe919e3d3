import { useState } from "react";
import { Button, Dialog, DialogBody, DialogFooter, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../../web/src/ui/toast.ts";
import type { Contact } from "../../../contacts/web/public.ts";
import { useSendMessageMutation } from "../messages-api.ts";
import { ContactSearch } from "./contact-search.tsx";

export interface SendContactDialogProps {
  isOpen: boolean;
  ticketId: number;
  onClose: () => void;
  onSent: (message: unknown) => void;
}

/** Sends a contact card: POST /messages/{ticketId} with vCard { name, number } (spec 000 §2 'send contact'). */
export function SendContactDialog({ isOpen, ticketId, onClose, onSent }: SendContactDialogProps) {
  const { t } = useTranslation("tickets");
  const [contact, setContact] = useState<Contact | null>(null);
  const [send, { isLoading }] = useSendMessageMutation();

  const submit = async () => {
    if (!contact) return;
    try {
      onSent(await send({ ticketId, body: { body: "", vCard: { name: contact.name, number: contact.number } } }).unwrap());
      setContact(null);
      onClose();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={isLoading ? undefined : onClose} title={t("conversation.sendContact.title")} icon="person">
      <DialogBody>
        <ContactSearch selected={contact} onSelect={setContact} autoFocus />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button variant="minimal" text={t("conversation.cancel")} onClick={onClose} disabled={isLoading} />
            <Button intent={Intent.PRIMARY} icon="send-message" text={t("conversation.composer.send")} disabled={!contact} loading={isLoading} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}
