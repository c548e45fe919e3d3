import { FormGroup, HTMLSelect, InputGroup, Intent, Switch } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { RecordDialog, useRecordDialog } from "../../../web/src/ui/index.ts";
import { formFromContact, messageKey, newContactForm, serverErrors, toPayload, validateContact, type ContactForm } from "./contact-form.ts";
import { useCreateContactMutation, useGetContactQuery, useGetWalletUserOptionsQuery, useUpdateContactMutation, type Contact } from "./contacts-api.ts";
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
  const [createContact] = useCreateContactMutation();
  const [updateContact] = useUpdateContactMutation();
  const { data: users = [] } = useGetWalletUserOptionsQuery(undefined, { skip: !isOpen });
  const dialog = useRecordDialog({
    isOpen,
    id: contactId,
    useRecord: useGetContactQuery,
    blank: (): ContactForm => ({ ...newContactForm, ...initial }),
    toForm: formFromContact,
    validate: validateContact,
    save: (form, id) => {
      const payload = toPayload(form);
      return (id === null ? createContact(payload) : updateContact({ id, ...payload })).unwrap();
    },
    fieldErrors: serverErrors,
    messages: { saved: t("messages.saved"), loadError: t("messages.loadError") },
    onClose,
    onSaved,
  });
  const { form, errors, set } = dialog;
  const fieldError = (key: "name" | "number" | "email" | "walletUserId") => (errors[key] ? t(messageKey(errors[key]!)) : undefined);

  return (
    <RecordDialog {...dialog.frame} ns="contacts" icon="person" width={560}>
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
      {/* The wallet owner gets the contact's new tickets when the company enables DirectTicketsToWallets. */}
      <FormGroup
        label={t("fields.walletUserId")}
        labelFor="contact-walletUserId"
        intent={errors.walletUserId ? Intent.DANGER : Intent.NONE}
        helperText={fieldError("walletUserId") ?? t("fields.walletHelp")}
      >
        <HTMLSelect id="contact-walletUserId" fill value={form.walletUserId} onChange={(ev) => set("walletUserId", ev.target.value)}>
          <option value="">{t("fields.noWallet")}</option>
          {users.map((u) => (
            <option key={u.id} value={String(u.id)}>
              {u.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <Switch label={t("fields.acceptAudioMessage")} checked={form.acceptAudioMessage} onChange={(ev) => set("acceptAudioMessage", ev.currentTarget.checked)} />
      <Switch label={t("fields.disableBot")} checked={form.disableBot} onChange={(ev) => set("disableBot", ev.currentTarget.checked)} />
      <ExtraInfoFields rows={form.extraInfo} errors={errors.extraInfo} onChange={(rows) => set("extraInfo", rows)} />
    </RecordDialog>
  );
}
