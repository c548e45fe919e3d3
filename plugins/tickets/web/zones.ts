import type { KeyboardEvent } from "react";
import type { TicketView } from "../shared/ticket-types.ts";

/** A handler offered the composer input's keys first; true when the key was its own (the composer then ignores it). */
export type ComposerKeyHandler = (e: KeyboardEvent<HTMLElement>) => boolean;

/** `tickets.headerActions`: buttons in the conversation header, before the ticket's own live actions. */
export interface TicketHeaderActionProps {
  ticket: TicketView;
}

/** `tickets.composerTools`: tools of the composer, shown between its toggles and the input row. */
export interface ComposerToolProps {
  ticket: TicketView;
  /** What the attendant has typed. */
  text: string;
  /** Replaces the text and puts the focus back in the input. */
  setText: (text: string) => void;
  /** Opens these files in the media preview, the usual attach flow (caption, then send). */
  attachFiles: (files: File[]) => void;
  /**
   * Offers the input's keys to `handler` before the composer (Enter sends otherwise); returns
   * the unregister function, so `useEffect(() => registerKeyHandler(h), [registerKeyHandler])` fits.
   * Stable across renders.
   */
  registerKeyHandler: (handler: ComposerKeyHandler) => () => void;
  /** The ticket cannot be written to (pending or closed). */
  disabled: boolean;
}

/** `tickets.drawerSections`: sections of the right contact drawer, top to bottom by `order`. */
export interface TicketDrawerSectionProps {
  ticket: TicketView;
  /** The drawer is open (a section fetches only then). */
  isOpen: boolean;
}

/** `tickets.listItemBadges`: chips at the end of a ticket list row's badge line (after queue, connection and attendant). */
export interface TicketListBadgeProps {
  ticket: TicketView;
}

// The ticket workspace's zones, declared by the tickets plugin that renders them
// (docs: plugins/tickets/README.md, "Web zones").
declare module "../../../web/src/plugin/zone-types.ts" {
  interface ZoneProps {
    "tickets.headerActions": TicketHeaderActionProps;
    "tickets.composerTools": ComposerToolProps;
    "tickets.drawerSections": TicketDrawerSectionProps;
    "tickets.listItemBadges": TicketListBadgeProps;
  }
}
