import { sql } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import type { SyncDb } from "../../../core/db/write-batch.ts";

/*
 * A connection's `integrationId` (spec 001 §3 "Connection", Integrations tab), read where
 * the connections plugin offers no reader that fits:
 * - the start rule runs synchronously inside the receive unit (tickets.afterInbound), and
 *   `connections.get` is async; the published `whatsapps_view` does not carry the field;
 * - deleting an integration asks which connections name it, and no service lists them.
 * So this one file reads the `whatsapps.integration_id` column by name, one indexed lookup.
 * DEVIATION from "plugins read each other's published views": the fix is one column
 * (`integrationId`) in the connections plugin's `whatsapps_view`; then swap these two
 * queries to that view declared with `.existing()`.
 */

/** The connection's integration id, or null (in the receive unit). */
export function connectionIntegrationSync(db: SyncDb, companyId: number, whatsappId: number): number | null {
  const row = db.get<{ id: number | null }>(sql`SELECT integration_id AS id FROM whatsapps WHERE id = ${whatsappId} AND company_id = ${companyId}`);
  return row?.id ?? null;
}

/** The names of the company's connections that name `integrationId`. */
export async function connectionsNaming(db: Db, companyId: number, integrationId: number): Promise<string[]> {
  const rows = await db.all<{ name: string }>(sql`SELECT name FROM whatsapps WHERE company_id = ${companyId} AND integration_id = ${integrationId} ORDER BY id`);
  return rows.map((r) => r.name);
}
