import { Button, Dialog, DialogBody, DialogFooter, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";

export interface ResolveDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** Closes the ticket, with or without the farewell message. */
  onResolve: (sendFarewellMessage: boolean) => void;
  loading?: boolean;
}

/** Resolve (spec 000 §4): close with or without the farewell message. */
export function ResolveDialog({ isOpen, onClose, onResolve, loading }: ResolveDialogProps) {
  const { t } = useTranslation("tickets");
  return (
    <Dialog isOpen={isOpen} onClose={loading ? undefined : onClose} title={t("actions.resolve.title")} icon="tick-circle" style={{ width: 460, maxWidth: "calc(100vw - 32px)" }}>
      <DialogBody>
        <p>{t("actions.resolve.message")}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button variant="minimal" text={t("actions.cancel")} onClick={onClose} disabled={loading} />
            <Button text={t("actions.resolve.withoutFarewell")} onClick={() => onResolve(false)} disabled={loading} />
            <Button intent={Intent.PRIMARY} text={t("actions.resolve.withFarewell")} onClick={() => onResolve(true)} loading={loading} />
          </>
        }
      />
    </Dialog>
  );
}
