import { Drawer, Position } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Zone } from "../../../../web/src/plugin/zone.tsx";
import type { TicketView } from "../../shared/ticket-types.ts";

/** Spec 000 §9: the contact drawer is 320 px wide. */
export const CONTACT_DRAWER_WIDTH = 320;

export interface ContactDrawerProps {
  ticket: TicketView;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The right contact drawer (spec 000 §2): the sections of the `tickets.drawerSections` zone,
 * top to bottom. The contacts plugin puts picture, name, number, e-mail, edit, block and audio,
 * the contact's tags and the extra information there; this plugin the ticket's stage and notes.
 */
export function ContactDrawer({ ticket, isOpen, onClose }: ContactDrawerProps) {
  const { t } = useTranslation("tickets");
  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      position={Position.RIGHT}
      size={CONTACT_DRAWER_WIDTH}
      title={t("actions.drawer.title")}
      icon="person"
      hasBackdrop={false}
      canOutsideClickClose={false}
      enforceFocus={false}
      autoFocus={false}
    >
      <aside className="contact-drawer" aria-label={t("actions.drawer.title")} style={{ padding: 16, overflowY: "auto", display: "flex", flexDirection: "column", gap: 12 }}>
        <Zone name="tickets.drawerSections" props={{ ticket, isOpen }} />
      </aside>
    </Drawer>
  );
}
