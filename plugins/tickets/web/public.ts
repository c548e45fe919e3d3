/**
 * What other plugins' web code may use of the tickets plugin: the ticket shapes and the
 * workspace's zones with their props (declared in ./zones.ts). Anything else under
 * plugins/tickets/web is internal (tests/architecture/rules.test.ts checks it).
 */
export type { ComposerKeyHandler, ComposerToolProps, TicketDrawerSectionProps, TicketHeaderActionProps, TicketListBadgeProps } from "./zones.ts";
export type { TagChip, TicketContact, TicketView } from "../shared/ticket-types.ts";
/** The notification chime at the volume of the top bar's volume control (spec 000 §1: it also plays on internal chat messages). */
export { playNotificationSound } from "./notification-sound.ts";
