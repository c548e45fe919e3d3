import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Classes, Menu } from "@blueprintjs/core";

export interface DropdownMenuProps {
  /** The button that opens the menu; receives the open state and the toggle. */
  renderTarget: (props: { isOpen: boolean; toggle: () => void; menuId: string }) => ReactNode;
  children: ReactNode;
  ariaLabel: string;
}

/**
 * A menu under a button whose items stay mounted while it is closed. Plugins' menu items
 * (zones.userMenuItems) may own a dialog: with a plain Popover the dialog would unmount
 * together with the item the moment the menu closes.
 */
export function DropdownMenu({ renderTarget, children, ariaLabel }: DropdownMenuProps) {
  const [isOpen, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (e: MouseEvent) => root.current && !root.current.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [isOpen]);

  return (
    <div className="app-dropdown" ref={root}>
      {renderTarget({ isOpen, toggle: () => setOpen((o) => !o), menuId })}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: delegation only; the items are the interactive elements */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: an item's Enter or Space reaches here as its own click */}
      <div
        id={menuId}
        className={`app-dropdown-panel ${Classes.ELEVATION_3}`}
        hidden={!isOpen}
        onClick={(e) => {
          // Items close the menu the way Blueprint's popovers do (MenuItem marks itself as a dismiss element).
          const el = e.target as HTMLElement;
          if (el.closest?.(`.${Classes.POPOVER_DISMISS}`) && root.current?.contains(el)) setOpen(false);
        }}
      >
        <Menu aria-label={ariaLabel}>{children}</Menu>
      </div>
    </div>
  );
}
