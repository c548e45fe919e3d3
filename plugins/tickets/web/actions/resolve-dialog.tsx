import { Button, Checkbox, Dialog, DialogBody, DialogFooter, Intent } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

export interface ResolveDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** Closes the ticket, with or without the farewell message; `sendRating` asks the customer's rating first (status nps). */
  onResolve: (sendFarewellMessage: boolean, sendRating: boolean) => void;
  /** Whether the rating may be offered: the company's userRating is enabled and the ticket is not a group. */
  ratingAvailable?: boolean;
  loading?: boolean;
}

/**
 * Resolve (spec 000 §4): close with or without the farewell message; "a rating may be sent
 * optionally" (issue 14): with the box ticked the ticket goes to `nps`, the customer gets the
 * connection's rating question, and the farewell follows their answer.
 */
export function ResolveDialog({ isOpen, onClose, onResolve, ratingAvailable = false, loading }: ResolveDialogProps) {
  const { t } = useTranslation("tickets");
  const [rating, setRating] = useState(ratingAvailable);
  useEffect(() => {
    if (isOpen) setRating(ratingAvailable);
  }, [isOpen, ratingAvailable]);
  const sendRating = ratingAvailable && rating;
  return (
    <Dialog isOpen={isOpen} onClose={loading ? undefined : onClose} title={t("actions.resolve.title")} icon="tick-circle" style={{ width: 460, maxWidth: "calc(100vw - 32px)" }}>
      <DialogBody>
        <p>{t("actions.resolve.message")}</p>
        {ratingAvailable ? (
          <>
            <Checkbox checked={rating} onChange={(e) => setRating(e.currentTarget.checked)} label={t("actions.resolve.sendRating")} data-testid="resolve-send-rating" />
            <p className="bp6-text-muted bp6-text-small">{t("actions.resolve.ratingHint")}</p>
          </>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button variant="minimal" text={t("actions.cancel")} onClick={onClose} disabled={loading} />
            <Button text={t("actions.resolve.withoutFarewell")} onClick={() => onResolve(false, sendRating)} disabled={loading} />
            <Button intent={Intent.PRIMARY} text={t("actions.resolve.withFarewell")} onClick={() => onResolve(true, sendRating)} loading={loading} />
          </>
        }
      />
    </Dialog>
  );
}
