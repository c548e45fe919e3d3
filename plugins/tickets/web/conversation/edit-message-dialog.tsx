import { useEffect, useState } from "react";
import { Button, Dialog, DialogBody, DialogFooter, Intent, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../../web/src/ui/toast.ts";
import type { MessageView } from "../../shared/ticket-types.ts";
import { useEditMessageMutation } from "../messages-api.ts";

/** POST /messages/edit/{id}: the new text of an own message (offered within 15 minutes only). */
export function EditMessageDialog({ message, onClose, onSaved }: { message: MessageView | null; onClose: () => void; onSaved: (m: unknown) => void }) {
  const { t } = useTranslation("tickets");
  const [text, setText] = useState("");
  const [edit, { isLoading }] = useEditMessageMutation();
  useEffect(() => {
    if (message) setText(message.body);
  }, [message]);

  const save = async () => {
    if (!message || !text.trim()) return;
    try {
      onSaved(await edit({ id: message.id, body: text.trim() }).unwrap());
      onClose();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Dialog isOpen={message !== null} onClose={isLoading ? undefined : onClose} title={t("conversation.edit.title")} icon="edit">
      <DialogBody>
        <TextArea fill autoResize autoFocus value={text} aria-label={t("conversation.edit.label")} onChange={(e) => setText(e.target.value)} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button variant="minimal" text={t("conversation.cancel")} onClick={onClose} disabled={isLoading} />
            <Button intent={Intent.PRIMARY} text={t("conversation.edit.save")} onClick={() => void save()} loading={isLoading} disabled={!text.trim()} />
          </>
        }
      />
    </Dialog>
  );
}
