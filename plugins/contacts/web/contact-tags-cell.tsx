import { ColorChips } from "../../../web/src/ui/index.ts";
import type { ContactTag } from "./contacts-api.ts";

/** How many tags the table shows before '+N'. */
export const VISIBLE_TAGS = 2;

/** The table's tags column: the first two chips in their colours, then '+N'. */
export function ContactTagsCell({ tags }: { tags: ContactTag[] }) {
  return (
    <span style={{ display: "inline-flex", gap: 4, flexWrap: "wrap" }}>
      <ColorChips chips={tags} visible={VISIBLE_TAGS} />
    </span>
  );
}
