import { Button, Classes, InputGroup, type Intent, Menu, MenuItem } from "@blueprintjs/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDebouncedValue } from "../../../web/src/ui/index.ts";
import { useGetContactsPageQuery } from "../../contacts/web/public.ts";

export interface ContactPickerProps {
  id: string;
  value: { id: number; name: string } | null;
  onChange: (contact: { id: number; name: string } | null) => void;
  disabled?: boolean;
  intent?: Intent;
}

/** Spec 000 §5: contact search in dialogs starts after 3 typed characters. */
const MIN_SEARCH = 3;

/** Picks one of the company's contacts by name or number; shows the chosen one with a way to change it. */
export function ContactPicker({ id, value, onChange, disabled, intent }: ContactPickerProps) {
  const { t } = useTranslation("schedules");
  const [typed, setTyped] = useState("");
  const search = useDebouncedValue(typed.trim());
  const searching = search.length >= MIN_SEARCH;
  const { currentData } = useGetContactsPageQuery({ searchParam: search, pageNumber: 1 }, { skip: !searching || value !== null });

  if (value) {
    return (
      <div style={{ display: "flex", gap: 8, alignItems: "center" }}>
        <InputGroup id={id} value={value.name} readOnly fill intent={intent} />
        {!disabled && <Button icon="cross" variant="minimal" aria-label={t("fields.contactSearch")} onClick={() => onChange(null)} />}
      </div>
    );
  }
  const found = searching ? (currentData?.contacts ?? []) : [];
  return (
    <div>
      <InputGroup id={id} value={typed} placeholder={t("fields.contactSearch")} leftIcon="search" intent={intent} disabled={disabled} onChange={(e) => setTyped(e.target.value)} />
      {searching && currentData && (
        <Menu className={Classes.ELEVATION_1} aria-label={t("fields.contact")}>
          {found.length ? (
            found.slice(0, 8).map((c) => <MenuItem key={c.id} text={c.name} label={c.number} onClick={() => onChange({ id: c.id, name: c.name })} />)
          ) : (
            <MenuItem disabled text={t("fields.noContacts")} />
          )}
        </Menu>
      )}
    </div>
  );
}
