import { tags } from "./tables.ts";

/**
 * The key other plugins' foreign keys reference (a ticket's tags), for their
 * `schema/tables.ts` only: reads go through `tags_view`, writes through this plugin's services.
 * @example tagId: integer("tag_id").notNull().references(tagsKey, { onDelete: "cascade" })
 */
export const tagsKey = () => tags.id;
