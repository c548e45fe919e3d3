import { Button, InputGroup, Intent } from "@blueprintjs/core";

export interface SearchAndAddProps {
  /** The search box's placeholder, also its accessible name. */
  searchLabel: string;
  search: string;
  onSearch: (value: string) => void;
  addLabel: string;
  onAdd: () => void;
}

/** The toolbar of a list page: a search box and the primary "add" button. */
export function SearchAndAdd({ searchLabel, search, onSearch, addLabel, onAdd }: SearchAndAddProps) {
  return (
    <>
      <InputGroup type="search" leftIcon="search" placeholder={searchLabel} aria-label={searchLabel} value={search} onChange={(e) => onSearch(e.target.value)} />
      <Button intent={Intent.PRIMARY} icon="add" text={addLabel} onClick={onAdd} />
    </>
  );
}
