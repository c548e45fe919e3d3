import { Tag } from "@blueprintjs/core";
import type { ContactTag } from "./contacts-api.ts";

/** How many tags the table shows before '+N'. */
export const VISIBLE_TAGS = 2;

/** The table's tags column: the first two chips in their colours, then '+N'. */
export function ContactTagsCell({ tags }: { tags: ContactTag[] }) {
  const rest = tags.length - VISIBLE_TAGS;
  return (
    <span style={{ display: "inline-flex", gap: 4, flexWrap: "wrap" }}>
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
    </span>
  );
}
