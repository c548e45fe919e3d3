import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from "@blueprintjs/core";
import type { IconName } from "@blueprintjs/icons";

export interface PickOption<V extends string | number> {
  value: V;
  label: string;
  color?: string | null;
}

export interface MultiPickProps<V extends string | number> {
  /** The button's text and the list's accessible name. */
  label: string;
  icon?: IconName;
  options: PickOption<V>[];
  selected: V[];
  onChange: (next: V[]) => void;
  /** Shown instead of the options when there are none. */
  emptyText?: string;
  /** Text of the "clear" entry; none without it. */
  clearText?: string;
}

/**
 * A button that opens a checklist (the filter panel and the queue selector): the button
 * shows how many are chosen, each option toggles, the popover stays open while picking.
 */
export function MultiPick<V extends string | number>({ label, icon, options, selected, onChange, emptyText, clearText }: MultiPickProps<V>) {
  const toggle = (value: V) => onChange(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  return (
    <PopoverNext
      placement="bottom-start"
      content={
        <Menu aria-label={label} role="listbox" aria-multiselectable="true" style={{ maxHeight: 320, overflowY: "auto" }}>
          {options.length === 0 && emptyText ? <MenuItem disabled text={emptyText} roleStructure="listoption" /> : null}
          {options.map((o) => (
            <MenuItem
              key={String(o.value)}
              roleStructure="listoption"
              selected={selected.includes(o.value)}
              shouldDismissPopover={false}
              text={o.label}
              labelElement={o.color ? <span className="tickets-pick-dot" style={{ background: o.color }} /> : undefined}
              onClick={() => toggle(o.value)}
            />
          ))}
          {clearText && selected.length ? (
            <>
              <MenuDivider />
              <MenuItem icon="cross" text={clearText} shouldDismissPopover={false} onClick={() => onChange([])} />
            </>
          ) : null}
        </Menu>
      }
    >
      <Button size="small" variant="outlined" icon={icon} endIcon="caret-down" text={selected.length ? `${label} (${selected.length})` : label} aria-label={label} />
    </PopoverNext>
  );
}
