import type { ReactNode } from "react";
import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";

type Data = Record<string, unknown>;

/** What every node dialog receives: the node's data, create or edit mode, and where to answer. */
export interface NodeDialogProps {
  data: Data;
  mode: "create" | "edit";
  /** The variables offered as `{{name}}` placeholders (spec 002 §2.8). */
  variables: string[];
  onClose: () => void;
  /** The node's new data; a promise keeps the dialog busy (uploads). */
  onSave: (data: Data) => void;
}

/**
 * The frame of a node dialog (spec 002 §2.7, §4.4): the title and the button say create or
 * edit ('Adicionar' / 'Salvar'), the first refused check shows above the fields.
 */
export function NodeDialogShell(props: {
  kind: string;
  mode: "create" | "edit";
  error: string | null;
  busy?: boolean;
  busyText?: string;
  canSave?: boolean;
  onClose: () => void;
  onSave: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation("flows");
  const kind = t(`nodes.${props.kind}`);
  return (
    <Dialog isOpen onClose={props.busy ? undefined : props.onClose} title={t(props.mode === "create" ? "dialog.addNode" : "dialog.editNode", { kind })} style={{ width: 560 }}>
      <DialogBody>
        {props.error && (
          <Callout intent={Intent.DANGER} role="alert" style={{ marginBottom: 8 }}>
            {props.error}
          </Callout>
        )}
        {props.busy && props.busyText && (
          <Callout intent={Intent.PRIMARY} icon="cloud-upload" style={{ marginBottom: 8 }}>
            {props.busyText}
          </Callout>
        )}
        {props.children}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t("dialog.cancel")} disabled={props.busy} onClick={props.onClose} />
            <Button
              intent={Intent.PRIMARY}
              text={t(props.mode === "create" ? "dialog.add" : "dialog.save")}
              loading={props.busy}
              disabled={props.canSave === false}
              onClick={props.onSave}
            />
          </>
        }
      />
    </Dialog>
  );
}
