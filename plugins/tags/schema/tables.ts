import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, sqliteView, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../../../core/db/columns.ts";
import { companies, users } from "../../../core/db/tables.ts";
import { contactsKey } from "../../contacts/schema/keys.contract.ts";

/** A company's tags; kanban = 1 makes a tag a kanban lane. Names are unique per company, case-insensitively. */
export const tags = sqliteTable(
  "tags",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
    kanban: integer("kanban").notNull().default(0),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Hours a ticket stays in this lane before moving on (0 = never). */
    timeLane: integer("time_lane").notNull().default(0),
    nextLaneId: integer("next_lane_id"),
    rollbackLaneId: integer("rollback_lane_id"),
    greetingMessageLane: text("greeting_message_lane").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("tags_company_name_unique").on(t.companyId, sql`lower(${t.name})`),
    index("tags_company_idx").on(t.companyId),
    // The lanes whose tickets move on by themselves (the kanban plugin's lane timer reads
    // only these, every tick, whatever the number of tags).
    index("tags_timed_lanes_idx").on(t.id).where(sql`kanban = 1 AND time_lane > 0 AND next_lane_id IS NOT NULL`),
  ],
);

/** Which tags a contact carries. */
export const contactTags = sqliteTable(
  "contact_tags",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    contactId: integer("contact_id").notNull().references(contactsKey, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("contact_tags_contact_tag_unique").on(t.contactId, t.tagId),
    index("contact_tags_tag_idx").on(t.tagId),
    // The contacts' tags are read by company and contact ids: with both columns here, SQLite
    // prefers this index whatever its statistics say (the company alone read every tag of the
    // company: tickets/README.md "Query plans").
    index("contact_tags_company_contact_idx").on(t.companyId, t.contactId, t.tagId),
  ],
);

/**
 * The tags other plugins may read (the ticket list's chips), published as a view this plugin
 * migrates; readers declare it with `.existing()`. A plain projection of one table, so SQLite
 * flattens it into the reader's query.
 */
export const tagsView = sqliteView("tags_view").as((qb) =>
  qb
    .select({
      id: tags.id,
      companyId: tags.companyId,
      name: tags.name,
      color: tags.color,
      // The lane columns (kanban plugin: the board's lanes and the lane timer).
      kanban: tags.kanban,
      timeLane: tags.timeLane,
      nextLaneId: tags.nextLaneId,
      rollbackLaneId: tags.rollbackLaneId,
      greetingMessageLane: tags.greetingMessageLane,
    })
    .from(tags),
);
