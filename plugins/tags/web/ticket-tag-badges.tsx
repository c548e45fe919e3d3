import { Tag } from "@blueprintjs/core";
import type { TicketListBadgeProps } from "../../tickets/web/public.ts";

/** How many ticket tags show before '+N' (spec 000 §2). */
export const VISIBLE_TAGS = 2;

/**
 * A ticket list row's tags, contributed to the `tickets.listItemBadges` zone: the first two in
 * their colours, then '+N' naming the rest on hover.
 */
export function TicketTagBadges({ ticket }: TicketListBadgeProps) {
  const tags = ticket.tags ?? [];
  const rest = tags.length - VISIBLE_TAGS;
  return (
    <>
      {tags.slice(0, VISIBLE_TAGS).map((tag) => (
        <Tag key={tag.id} round minimal={!tag.color} style={tag.color ? { background: tag.color, color: "#fff" } : undefined}>
          {tag.name}
        </Tag>
      ))}
      {rest > 0 ? (
        <Tag round minimal title={tags.slice(VISIBLE_TAGS).map((x) => x.name).join(", ")}>
          +{rest}
        </Tag>
      ) : null}
    </>
  );
}
