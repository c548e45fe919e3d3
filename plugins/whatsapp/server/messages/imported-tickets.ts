import { and, eq } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { AppError } from "../../../../core/errors.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import type {} from "../../../connections/server/connections.contract.ts";
import type {} from "../../../tickets/server/tickets.contract.ts";
import { whatsappImportedTickets } from "../../schema/tables.ts";

/** The tickets a history import opened, per connection (`whatsapp_imported_tickets`). */
export class ImportedTickets {
  constructor(
    private db: Db,
    private services: Services,
  ) {}

  async record(companyId: number, whatsappId: number, ticketId: number): Promise<void> {
    await this.db.insert(whatsappImportedTickets).values({ companyId, whatsappId, ticketId }).onConflictDoNothing();
  }

  async ids(companyId: number, whatsappId: number): Promise<number[]> {
    const rows = await this.db
      .select({ ticketId: whatsappImportedTickets.ticketId })
      .from(whatsappImportedTickets)
      .where(and(eq(whatsappImportedTickets.companyId, companyId), eq(whatsappImportedTickets.whatsappId, whatsappId)));
    return rows.map((r) => r.ticketId);
  }

  /** Closes what the import opened (still open, pending or group ones) and forgets them; answers how many closed. */
  async closeAll(companyId: number, whatsappId: number): Promise<number> {
    const ids = await this.ids(companyId, whatsappId);
    const closed = ids.length ? await this.services.require("tickets.closeMany")(companyId, ids) : 0;
    await this.db.delete(whatsappImportedTickets).where(and(eq(whatsappImportedTickets.companyId, companyId), eq(whatsappImportedTickets.whatsappId, whatsappId)));
    return closed;
  }

  /** POST /closedimported/{id}: the company's connection only (another company's id is not found). */
  async closeImported(companyId: number, whatsappId: number): Promise<{ message: string; closed: number }> {
    const connection = await this.services.require("connections.get")(companyId, whatsappId);
    if (!connection) throw new AppError("ERR_NO_WAPP_FOUND");
    const closed = await this.closeAll(companyId, whatsappId);
    await this.services.require("connections.setStatus")(companyId, whatsappId, { statusImportMessages: null });
    return { message: "Imported tickets closed", closed };
  }
}
