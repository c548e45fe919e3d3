import { useEffect, useState } from "react";
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Intent, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastError, toastWarning } from "../../../../web/src/ui/toast.ts";
import { useSendInteractiveMutation, type InteractiveKind } from "../messages-api.ts";
import { BUTTON_KINDS, buildInteractive, emptyButtonsForm, isNumericId, PIX_KEY_TYPES, type ButtonsForm, type PixKeyType } from "./buttons-payload.ts";

export interface ButtonsDialogProps {
  isOpen: boolean;
  ticketId: number | string;
  onClose: () => void;
  onSent: (message: unknown) => void;
}

/** Lists, URL/copy/call buttons and PIX charges: POST /messages/{lista|URL|copy|call|PIX}/{ticketId}. */
export function ButtonsDialog({ isOpen, ticketId, onClose, onSent }: ButtonsDialogProps) {
  const { t } = useTranslation("tickets");
  const [kind, setKind] = useState<InteractiveKind>("lista");
  const [form, setForm] = useState<ButtonsForm>(emptyButtonsForm);
  const [send, { isLoading }] = useSendInteractiveMutation();
  useEffect(() => {
    if (isOpen) setForm(emptyButtonsForm);
  }, [isOpen]);

  const set = <K extends keyof ButtonsForm>(key: K, value: ButtonsForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const field = (key: "title" | "text" | "buttonText" | "url" | "copyText" | "phoneNumber" | "merchantName" | "pixKey" | "amount", multiline = false) => (
    <FormGroup label={t(`conversation.buttons.fields.${key}`)} labelFor={`buttons-${key}`}>
      {multiline ? (
        <TextArea id={`buttons-${key}`} fill rows={3} value={form[key]} onChange={(e) => set(key, e.target.value)} />
      ) : (
        <InputGroup id={`buttons-${key}`} value={form[key]} onChange={(e) => set(key, e.target.value)} />
      )}
    </FormGroup>
  );

  const submit = async () => {
    if (!isNumericId(ticketId)) return toastError(t("conversation.buttons.errors.invalidTicket"));
    const built = buildInteractive(kind, form, {
      title: t("conversation.buttons.urlDefaults.title"),
      text: t("conversation.buttons.urlDefaults.text"),
      buttonText: t("conversation.buttons.urlDefaults.buttonText"),
    });
    if (!built.ok) return toastWarning(t(`conversation.buttons.errors.${built.error}`));
    try {
      onSent(await send({ kind, ticketId: Number(ticketId), payload: built.payload }).unwrap());
      onClose();
    } catch (err) {
      toastError(err);
    }
  };

  const setRow = (i: number, key: "title" | "description", value: string) =>
    set(
      "rows",
      form.rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)),
    );

  return (
    <Dialog
      isOpen={isOpen}
      onClose={isLoading ? undefined : onClose}
      title={t("conversation.buttons.title")}
      icon="widget-button"
      style={{ width: 560, maxWidth: "calc(100vw - 32px)" }}
    >
      <DialogBody>
        <FormGroup label={t("conversation.buttons.kind")} labelFor="buttons-kind">
          <HTMLSelect
            id="buttons-kind"
            fill
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as InteractiveKind)}
            options={BUTTON_KINDS.map((k) => ({ value: k.kind, label: k.label }))}
          />
        </FormGroup>
        {kind !== "PIX" ? field("title") : null}
        {field("text", true)}
        {kind === "lista" ? (
          <>
            {field("buttonText")}
            <FormGroup label={t("conversation.buttons.fields.sectionTitle")} labelFor="buttons-section">
              <InputGroup id="buttons-section" value={form.sectionTitle} onChange={(e) => set("sectionTitle", e.target.value)} />
            </FormGroup>
            {form.rows.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: draft rows have no identity but their place (buttons-payload.ts numbers them by position when sending); inputs are controlled, so values follow the state.
              <div key={i} className="buttons-row">
                <InputGroup
                  value={row.title}
                  placeholder={t("conversation.buttons.fields.rowTitle")}
                  aria-label={t("conversation.buttons.fields.rowTitleN", { n: i + 1 })}
                  onChange={(e) => setRow(i, "title", e.target.value)}
                />
                <InputGroup
                  value={row.description}
                  placeholder={t("conversation.buttons.fields.rowDescription")}
                  aria-label={t("conversation.buttons.fields.rowDescriptionN", { n: i + 1 })}
                  onChange={(e) => setRow(i, "description", e.target.value)}
                />
                <Button
                  icon="trash"
                  variant="minimal"
                  aria-label={t("conversation.buttons.removeRow")}
                  disabled={form.rows.length === 1}
                  onClick={() =>
                    set(
                      "rows",
                      form.rows.filter((_, j) => j !== i),
                    )
                  }
                />
              </div>
            ))}
            <Button icon="plus" variant="minimal" text={t("conversation.buttons.addRow")} onClick={() => set("rows", [...form.rows, { title: "", description: "" }])} />
          </>
        ) : null}
        {kind === "URL" ? (
          <>
            {field("buttonText")}
            {field("url")}
          </>
        ) : null}
        {kind === "copy" ? (
          <>
            {field("buttonText")}
            {field("copyText")}
          </>
        ) : null}
        {kind === "call" ? (
          <>
            {field("buttonText")}
            {field("phoneNumber")}
          </>
        ) : null}
        {kind === "PIX" ? (
          <>
            {field("merchantName")}
            <FormGroup label={t("conversation.buttons.fields.keyType")} labelFor="buttons-keyType">
              <HTMLSelect id="buttons-keyType" fill value={form.keyType} onChange={(e) => set("keyType", e.currentTarget.value as PixKeyType)} options={[...PIX_KEY_TYPES]} />
            </FormGroup>
            {field("pixKey")}
            {field("amount")}
          </>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button variant="minimal" text={t("conversation.cancel")} onClick={onClose} disabled={isLoading} />
            <Button intent={Intent.PRIMARY} icon="send-message" text={t("conversation.composer.send")} loading={isLoading} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}
