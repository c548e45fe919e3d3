import type { FormEvent, ReactNode } from "react";
import { Button, Dialog, DialogBody, DialogFooter, Intent, Spinner, type IconName } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";

export interface RecordDialogProps {
  isOpen: boolean;
  isNew: boolean;
  /** Saving: the buttons wait and the dialog cannot be closed. */
  busy: boolean;
  /** The edited record is still being read: a spinner instead of the fields. */
  loading: boolean;
  onSubmit: (e?: FormEvent) => void;
  onClose: () => void;
  /**
   * The plugin's i18n namespace, which has `dialog.addTitle`, `dialog.editTitle`,
   * `dialog.add`, `dialog.save` and `dialog.cancel`.
   */
  ns: string;
  /**
   * i18n keys (in `ns`) of the two titles when the same dialog edits another kind of record
   * (the tags dialog editing a kanban lane); the default is `dialog.addTitle` / `dialog.editTitle`.
   */
  titleKeys?: { add: string; edit: string };
  icon: IconName;
  /** Width in pixels (never wider than the screen). */
  width: number;
  /** No submit button: a record that can no longer change (e.g. a sent schedule) is only shown. */
  readOnly?: boolean;
  /** The submit button waits for the form (e.g. spec 000 §5: Save only once a chat has a title and a member). */
  submitDisabled?: boolean;
  children: ReactNode;
}

/**
 * The frame of a create/edit dialog: title by mode, a form named like it, the fields (a
 * spinner while the record loads), and Cancel / Add or Save. Spread `useRecordDialog`'s `frame`.
 * @example <RecordDialog {...dialog.frame} ns="tags" icon="tag" width={440}>{fields}</RecordDialog>
 */
export function RecordDialog({
  isOpen,
  isNew,
  busy,
  loading,
  onSubmit,
  onClose,
  ns,
  titleKeys,
  icon,
  width,
  readOnly = false,
  submitDisabled = false,
  children,
}: RecordDialogProps) {
  const { t } = useTranslation(ns);
  const keys = titleKeys ?? { add: "dialog.addTitle", edit: "dialog.editTitle" };
  const title = isNew ? t(keys.add) : t(keys.edit);
  return (
    <Dialog isOpen={isOpen} onClose={busy ? undefined : onClose} title={title} icon={icon} style={{ width, maxWidth: "calc(100vw - 32px)" }}>
      <form onSubmit={readOnly ? (e) => e.preventDefault() : onSubmit} noValidate aria-label={title}>
        <DialogBody>{loading ? <Spinner size={32} /> : children}</DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("dialog.cancel")} variant="minimal" onClick={onClose} disabled={busy} />
              {!readOnly && <Button type="submit" intent={Intent.PRIMARY} text={isNew ? t("dialog.add") : t("dialog.save")} loading={busy} disabled={submitDisabled} />}
            </>
          }
        />
      </form>
    </Dialog>
  );
}
