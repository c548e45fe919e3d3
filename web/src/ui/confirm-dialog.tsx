import type { ReactNode } from "react";
import { Button, Dialog, DialogBody, DialogFooter, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: ReactNode;
  message: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  confirmText?: string;
  cancelText?: string;
  /** Danger by default: most confirmations guard a deletion. */
  intent?: Intent;
  /** Disables the buttons and spins the confirm button while the action runs. */
  loading?: boolean;
}

/** A yes/no question before an action (e.g. 'Exclusão de Registro' / 'Deseja realmente excluir esse registro?'). */
export function ConfirmDialog({ isOpen, title, message, onConfirm, onClose, confirmText, cancelText, intent = Intent.DANGER, loading }: ConfirmDialogProps) {
  const { t } = useTranslation("common");
  return (
    <Dialog isOpen={isOpen} title={title} onClose={loading ? undefined : onClose} icon="warning-sign" style={{ maxWidth: "calc(100vw - 32px)" }}>
      <DialogBody>
        <div className="app-confirm-message">{message}</div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={cancelText ?? t("actions.cancel")} onClick={onClose} disabled={loading} variant="minimal" />
            <Button text={confirmText ?? t("actions.confirm")} intent={intent} onClick={onConfirm} loading={loading} autoFocus />
          </>
        }
      />
    </Dialog>
  );
}
