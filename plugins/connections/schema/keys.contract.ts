import { whatsapps } from "./tables.ts";

/**
 * The key other plugins' foreign keys reference (tickets, channel drivers' rows go with
 * their connection), for their `schema/tables.ts` only: reads go through `whatsapps_view`,
 * writes through this plugin's services.
 * @example whatsappId: integer("whatsapp_id").notNull().references(whatsappsKey, { onDelete: "cascade" })
 */
export const whatsappsKey = () => whatsapps.id;
