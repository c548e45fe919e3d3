import { FormGroup, InputGroup, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { RecordDialog, useRecordDialog } from "../../../web/src/ui/index.ts";
import {
  type ContactList,
  type ContactListItem,
  useCreateContactListItemMutation,
  useCreateContactListMutation,
  useGetContactListItemQuery,
  useGetContactListQuery,
  useUpdateContactListItemMutation,
  useUpdateContactListMutation,
} from "./campaigns-api.ts";

type Errors = Partial<Record<"name" | "number" | "email", string>>;

/** Spec 002 §5: a name 2 to 50, required ('Too Short!', 'Too Long!', 'Required'). */
export function nameError(name: string): string | undefined {
  const v = name.trim();
  if (!v) return "Required";
  if (v.length < 2) return "Too Short!";
  if (v.length > 50) return "Too Long!";
  return undefined;
}

/** Spec 002 §5: a list item's number 8 to 50 digits, its email valid ('Invalid email'). */
export function validateItem(f: { name: string; number: string; email: string }): Errors {
  const errors: Errors = {};
  const name = nameError(f.name);
  if (name) errors.name = name;
  const digits = f.number.replace(/\D/g, "");
  if (!digits) errors.number = "Required";
  else if (digits.length < 8) errors.number = "Too Short!";
  else if (digits.length > 50) errors.number = "Too Long!";
  if (f.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) errors.email = "Invalid email";
  return errors;
}

export function ContactListDialog({ isOpen, listId, onClose, onSaved }: { isOpen: boolean; listId: number | null; onClose: () => void; onSaved?: (l: ContactList) => void }) {
  const { t } = useTranslation("campaigns");
  const [create] = useCreateContactListMutation();
  const [update] = useUpdateContactListMutation();
  const dialog = useRecordDialog({
    isOpen,
    id: listId,
    useRecord: useGetContactListQuery,
    blank: () => ({ name: "" }),
    toForm: (l: ContactList) => ({ name: l.name }),
    validate: (f): Errors => (nameError(f.name) ? { name: nameError(f.name) } : {}),
    save: (f, id) => (id === null ? create({ name: f.name.trim() }) : update({ id, name: f.name.trim() })).unwrap(),
    messages: { saved: t("lists.saved") },
    onClose,
    onSaved,
  });
  const { form, errors, set } = dialog;
  return (
    <RecordDialog {...dialog.frame} ns="campaigns" titleKeys={{ add: "lists.addTitle", edit: "lists.editTitle" }} icon="people" width={420}>
      <FormGroup
        label={t("fields.name")}
        labelFor="list-name"
        intent={errors.name ? Intent.DANGER : Intent.NONE}
        helperText={errors.name ? t(`validation.${errors.name}`) : undefined}
      >
        <InputGroup id="list-name" autoFocus value={form.name} onChange={(e) => set("name", e.target.value)} />
      </FormGroup>
    </RecordDialog>
  );
}

export function ContactListItemDialog(props: { isOpen: boolean; contactListId: number; itemId: number | null; onClose: () => void; onSaved?: (i: ContactListItem) => void }) {
  const { t } = useTranslation("campaigns");
  const [create] = useCreateContactListItemMutation();
  const [update] = useUpdateContactListItemMutation();
  const dialog = useRecordDialog({
    isOpen: props.isOpen,
    id: props.itemId,
    useRecord: useGetContactListItemQuery,
    blank: () => ({ name: "", number: "", email: "" }),
    toForm: (i: ContactListItem) => ({ name: i.name, number: i.number, email: i.email }),
    validate: validateItem,
    save: (f, id) => (id === null ? create({ ...f, contactListId: props.contactListId }) : update({ id, ...f })).unwrap(),
    messages: { saved: t("items.saved") },
    onClose: props.onClose,
    onSaved: props.onSaved,
  });
  const { form, errors, set } = dialog;
  const field = (key: "name" | "number" | "email") => (
    <FormGroup
      label={t(`items.${key}`)}
      labelFor={`item-${key}`}
      intent={errors[key] ? Intent.DANGER : Intent.NONE}
      helperText={errors[key] ? t(`validation.${errors[key]}`) : undefined}
    >
      <InputGroup id={`item-${key}`} value={form[key]} onChange={(e) => set(key, e.target.value)} />
    </FormGroup>
  );
  return (
    <RecordDialog {...dialog.frame} ns="campaigns" titleKeys={{ add: "items.addTitle", edit: "items.editTitle" }} icon="person" width={420}>
      {field("name")}
      {field("number")}
      {field("email")}
    </RecordDialog>
  );
}
