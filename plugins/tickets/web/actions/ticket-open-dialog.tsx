import { Button, Dialog, DialogBody, DialogFooter, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { OpenTicketConflict } from "../../shared/ticket-types.ts";

/** 'Ticket already open' (spec 000 §2, §8): the contact is being attended by someone else; names who and in which queue. */
export function TicketOpenDialog({ conflict, onClose }: { conflict: OpenTicketConflict | null; onClose: () => void }) {
  const { t } = useTranslation("tickets");
  const user = conflict?.user?.name ?? t("actions.conflict.nobody");
  const queue = conflict?.queue?.name ?? t("actions.conflict.noQueue");
  return (
    <Dialog isOpen={conflict !== null} onClose={onClose} title={t("actions.conflict.title")} icon="info-sign" style={{ maxWidth: "calc(100vw - 32px)" }}>
      <DialogBody>
        <p>{t("actions.conflict.message", { user, queue })}</p>
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text={t("actions.conflict.ok")} onClick={onClose} autoFocus />} />
    </Dialog>
  );
}
