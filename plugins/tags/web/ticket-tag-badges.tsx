import { ColorChips } from "../../../web/src/ui/index.ts";
import type { TicketListBadgeProps } from "../../tickets/web/public.ts";

/** How many ticket tags show before '+N' (spec 000 §2). */
export const VISIBLE_TAGS = 2;

/**
 * A ticket list row's tags, contributed to the `tickets.listItemBadges` zone: the first two in
 * their colours, then '+N' naming the rest on hover.
 */
export function TicketTagBadges({ ticket }: TicketListBadgeProps) {
  return <ColorChips chips={ticket.tags ?? []} visible={VISIBLE_TAGS} />;
}
