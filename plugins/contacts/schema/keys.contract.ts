import { contacts } from "./tables.ts";

/**
 * The key other plugins' foreign keys reference (a ticket or a tag link goes with its
 * contact), for their `schema/tables.ts` only: reads go through `contacts_view`, writes
 * through this plugin's services.
 * @example contactId: integer("contact_id").notNull().references(contactsKey, { onDelete: "cascade" })
 */
export const contactsKey = () => contacts.id;
