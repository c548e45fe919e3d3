import { useEffect, useState, type FormEvent } from "react";
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent, Spinner, Switch } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import { formFromContact, hasErrors, messageKey, newContactForm, serverErrors, toPayload, validateContact, type ContactErrors, type ContactForm } from "./contact-form.ts";
import { useCreateContactMutation, useGetContactQuery, useUpdateContactMutation, type Contact } from "./contacts-api.ts";
import { ExtraInfoFields } from "./extra-info-fields.tsx";

export interface ContactDialogProps {
  isOpen: boolean;
  /** null creates a new contact. */
  contactId: number | null;
  /** Prefills a new contact (e.g. from a message's vCard). */
  initial?: Partial<ContactForm>;
  onClose: () => void;
  onSaved?: (contact: Contact) => void;
}

/** Create or edit a contact (spec 000 §2 'contact create/edit', §5 rules). */
export function ContactDialog({ isOpen, contactId, initial, onClose, onSaved }: ContactDialogProps) {
  const { t } = useTranslation("contacts");
  const isNew = contactId === null;
  const { currentData: contact, isFetching, isError } = useGetContactQuery(contactId ?? 0, { skip: !isOpen || isNew, refetchOnMountOrArgChange: true });
  const [createContact, creating] = useCreateContactMutation();
  const [updateContact, updating] = useUpdateContactMutation();
  const [form, setForm] = useState<ContactForm>(newContactForm);
  const [errors, setErrors] = useState<ContactErrors>({});

  useEffect(() => {
    if (!isOpen) return;
    setErrors({});
    if (isNew) setForm({ ...newContactForm, ...initial });
    // `initial` is read when the dialog opens, not on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen, isNew, contactId]);
  useEffect(() => {
    if (isOpen && !isNew && contact) setForm(formFromContact(contact));
  }, [isOpen, isNew, contact]);
  useEffect(() => {
    if (isError) toastError(t("messages.loadError"));
  }, [isError, t]);

  const set = <K extends keyof ContactForm>(key: K, value: ContactForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const found = validateContact(form);
    if (hasErrors(found)) return setErrors(found);
    try {
      const payload = toPayload(form);
      const saved = isNew ? await createContact(payload).unwrap() : await updateContact({ id: contactId, ...payload }).unwrap();
      toastSuccess(t("messages.saved"));
      onSaved?.(saved);
      onClose();
    } catch (err) {
      const fields = serverErrors(err);
      if (fields) setErrors(fields);
      else toastError(err);
    }
  };

  const busy = creating.isLoading || updating.isLoading;
  const fieldError = (key: "name" | "number" | "email") => (errors[key] ? t(messageKey(errors[key]!)) : undefined);
  const title = isNew ? t("dialog.addTitle") : t("dialog.editTitle");

  return (
    <Dialog isOpen={isOpen} onClose={busy ? undefined : onClose} title={title} icon="person" style={{ width: 560, maxWidth: "calc(100vw - 32px)" }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <DialogBody>
          {!isNew && isFetching && !contact ? (
            <Spinner size={32} />
          ) : (
            <>
              <h4 className="bp6-heading">{t("dialog.mainInfo")}</h4>
              {(["name", "number", "email"] as const).map((key) => (
                <FormGroup key={key} label={t(`fields.${key}`)} labelFor={`contact-${key}`} intent={errors[key] ? Intent.DANGER : Intent.NONE} helperText={fieldError(key)}>
                  <InputGroup
                    id={`contact-${key}`}
                    value={form[key]}
                    type={key === "email" ? "email" : "text"}
                    placeholder={key === "number" ? "5511999999999" : undefined}
                    intent={errors[key] ? Intent.DANGER : Intent.NONE}
                    onChange={(ev) => set(key, ev.target.value)}
                    autoFocus={key === "name"}
                  />
                </FormGroup>
              ))}
              <Switch label={t("fields.acceptAudioMessage")} checked={form.acceptAudioMessage} onChange={(ev) => set("acceptAudioMessage", ev.currentTarget.checked)} />
              <Switch label={t("fields.disableBot")} checked={form.disableBot} onChange={(ev) => set("disableBot", ev.currentTarget.checked)} />
              <ExtraInfoFields rows={form.extraInfo} errors={errors.extraInfo} onChange={(rows) => set("extraInfo", rows)} />
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("dialog.cancel")} variant="minimal" onClick={onClose} disabled={busy} />
              <Button type="submit" intent={Intent.PRIMARY} text={isNew ? t("dialog.add") : t("dialog.save")} loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
