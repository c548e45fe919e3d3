import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import { whatsappsView } from "../schema/views.ts";

/*
 * A connection's `integrationId` (spec 001 §3 "Connection", Integrations tab), read through
 * the connections plugin's published view, and to name the connections that still use an
 * integration being deleted. The start rule in the receive unit takes it from the inbound
 * pipeline's own read instead (`InboundStored.connection`).
 */

/** The connection's integration id, or null (outside the receive unit). */
export async function connectionIntegration(db: Db, companyId: number, whatsappId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: whatsappsView.integrationId })
    .from(whatsappsView)
    .where(and(eq(whatsappsView.companyId, companyId), eq(whatsappsView.id, whatsappId)))
    .limit(1);
  return row?.id ?? null;
}

/** The names of the company's connections that name `integrationId`. */
export async function connectionsNaming(db: Db, companyId: number, integrationId: number): Promise<string[]> {
  const rows = await db
    .select({ name: whatsappsView.name })
    .from(whatsappsView)
    .where(and(eq(whatsappsView.companyId, companyId), eq(whatsappsView.integrationId, integrationId)))
    .orderBy(asc(whatsappsView.id));
  return rows.map((r) => r.name);
}
