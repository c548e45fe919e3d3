import { useState } from "react";
import { Button, FormGroup, InputGroup, Intent, Menu, MenuItem, Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { ContactAvatar, ContactDialog, formatNumber } from "../../../contacts/web/public.ts";
import { useDebouncedValue } from "../../../../web/src/ui/use-debounced-value.ts";
import { useSearchContactsQuery, type ContactHit } from "../extras-api.ts";
import { MIN_SEARCH } from "./transfer-dialog.tsx";

/** The contact picked: the fields of the contacts plugin's answer the dialog shows and sends. */
export type PickedContact = Pick<ContactHit, "id" | "name" | "number">;

export interface ContactPickerProps {
  value: PickedContact | null;
  onChange: (contact: PickedContact | null) => void;
  error?: string | null;
}

/**
 * Contact search for a new ticket (spec 000 §5, §9): GET /contacts from 3 typed characters,
 * 500 ms after the last keystroke, with an 'add contact' entry that opens the contact dialog.
 */
export function ContactPicker({ value, onChange, error }: ContactPickerProps) {
  const { t } = useTranslation("tickets");
  const [typed, setTyped] = useState("");
  const [adding, setAdding] = useState(false);
  const term = useDebouncedValue(typed.trim());
  const searching = term.length >= MIN_SEARCH && !value;
  const { data, isFetching } = useSearchContactsQuery(term, { skip: !searching });
  const hits = searching ? (data?.contacts ?? []) : [];
  // what was typed prefills the new contact: digits as the number, anything else as the name
  const initial = /^[\d\s()+-]+$/.test(typed.trim()) ? { number: typed.trim() } : { name: typed.trim() };

  return (
    <>
      <FormGroup
        label={t("actions.fields.contact")}
        labelFor="new-ticket-contact"
        intent={error ? Intent.DANGER : Intent.NONE}
        helperText={error ?? (value ? undefined : t("actions.newTicket.searchHint", { count: MIN_SEARCH }))}
      >
        {value ? (
          <InputGroup
            id="new-ticket-contact"
            readOnly
            value={value.number ? `${value.name} (${formatNumber(value.number)})` : value.name}
            rightElement={<Button variant="minimal" icon="cross" aria-label={t("actions.newTicket.clearContact")} onClick={() => onChange(null)} />}
          />
        ) : (
          <InputGroup
            id="new-ticket-contact"
            leftIcon="search"
            autoFocus
            value={typed}
            intent={error ? Intent.DANGER : Intent.NONE}
            placeholder={t("actions.newTicket.searchPlaceholder")}
            onChange={(e) => setTyped(e.target.value)}
            rightElement={isFetching ? <Spinner size={16} /> : undefined}
          />
        )}
      </FormGroup>
      {searching ? (
        <Menu aria-label={t("actions.newTicket.results")} style={{ maxHeight: 220, overflowY: "auto", marginTop: -8, marginBottom: 12 }}>
          {hits.map((c) => (
            <MenuItem
              key={c.id}
              icon={<ContactAvatar name={c.name} src={c.urlPicture} size={20} />}
              text={c.name}
              label={formatNumber(c.number)}
              onClick={() => onChange({ id: c.id, name: c.name, number: c.number })}
            />
          ))}
          <MenuItem icon="add" intent="primary" text={t("actions.newTicket.addContact", { name: typed.trim() })} onClick={() => setAdding(true)} />
        </Menu>
      ) : null}
      <ContactDialog isOpen={adding} contactId={null} initial={initial} onClose={() => setAdding(false)} onSaved={(c) => onChange({ id: c.id, name: c.name, number: c.number })} />
    </>
  );
}
