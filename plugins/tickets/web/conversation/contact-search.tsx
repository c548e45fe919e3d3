import { useState } from "react";
import { InputGroup, Menu, MenuItem, Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useDebouncedValue } from "../../../../web/src/ui/use-debounced-value.ts";
import { useGetContactsPageQuery, type Contact } from "../../../contacts/web/public.ts";
import { MIN_CONTACT_SEARCH } from "./message-rules.ts";

export interface ContactSearchProps {
  selected: Contact | null;
  onSelect: (contact: Contact | null) => void;
  autoFocus?: boolean;
}

/** GET /contacts?searchParam, asked only from 3 typed characters and 500 ms after the last keystroke (spec 000 §5, §9). */
export function ContactSearch({ selected, onSelect, autoFocus }: ContactSearchProps) {
  const { t } = useTranslation("tickets");
  const [typed, setTyped] = useState("");
  const term = useDebouncedValue(typed.trim());
  const skip = term.length < MIN_CONTACT_SEARCH;
  const { currentData, isFetching } = useGetContactsPageQuery({ searchParam: term, pageNumber: 1 }, { skip });
  const options = skip ? [] : (currentData?.contacts ?? []);

  return (
    <div className="contact-search">
      <InputGroup
        type="search"
        leftIcon="search"
        value={typed}
        autoFocus={autoFocus}
        placeholder={t("conversation.contactSearch.placeholder")}
        aria-label={t("conversation.contactSearch.placeholder")}
        rightElement={isFetching ? <Spinner size={16} /> : undefined}
        onChange={(e) => {
          setTyped(e.target.value);
          onSelect(null);
        }}
      />
      {selected ? (
        <div className="contact-search-selected">{t("conversation.contactSearch.selected", { name: selected.name })}</div>
      ) : typed.trim().length > 0 && typed.trim().length < MIN_CONTACT_SEARCH ? (
        <div className="contact-search-hint">{t("conversation.contactSearch.minChars", { count: MIN_CONTACT_SEARCH })}</div>
      ) : options.length ? (
        <Menu className="contact-search-results" aria-label={t("conversation.contactSearch.results")}>
          {options.map((c) => (
            <MenuItem key={c.id} text={c.name} label={c.number} icon="person" onClick={() => onSelect(c)} />
          ))}
        </Menu>
      ) : !skip && !isFetching && currentData ? (
        <div className="contact-search-hint">{t("conversation.contactSearch.none")}</div>
      ) : null}
    </div>
  );
}
