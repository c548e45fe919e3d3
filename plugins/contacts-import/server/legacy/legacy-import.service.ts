import { afterCommitQueue, type Db } from "../../../../core/db/database.ts";
import { AppError } from "../../../../core/errors.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import type { PhoneBook, PhoneBookEntry } from "../../../channels/channel-driver.contract.ts";
import type { BulkContactInput, ContactView } from "../../../contacts/server/contacts.contract.ts";
import type { ColumnTarget } from "../../shared/columns.ts";
import { csvField } from "../../../../core/spreadsheet/index.ts";
import type { ImportService, Starter } from "../import/import-service.ts";
import type { ImportView } from "../import/import-view.ts";

type TagRef = number | string;

/** Who asks, and whether contact numbers reach them LGPD-masked. */
export interface Caller extends Starter {
  masked: boolean;
}

/**
 * The original client's contact-import calls, served over this plugin's own import: one
 * contact per call, a spreadsheet with the suggested mapping, and a connection's phone book
 * or chats, each as a durable import job. The rules stay in ImportService and the contacts
 * plugin; this only adapts the calls.
 */
export class LegacyImport {
  constructor(
    private db: Db,
    private services: Services,
    private imports: ImportService,
  ) {}

  /**
   * `POST /contactsImport`: one row of the spreadsheet the client read, created or merged by
   * number exactly like a row of a file (the contact form's rules, strict numbers), announced
   * on `company-{id}-contact`. A row the rules refuse is ERR_VALIDATION naming the field.
   */
  async one(caller: Caller, row: BulkContactInput): Promise<ContactView> {
    const { afterCommit, run } = afterCommitQueue();
    const [result] = await this.db.transaction((tx) => this.services.require("contacts.upsertMany")(caller.companyId, [row], { tx, announce: afterCommit }));
    run();
    if (!result?.ok) throw new AppError("ERR_VALIDATION", { fields: { [result?.field ?? "number"]: result?.message ?? "Invalid" } });
    return this.services.require("contacts.show")(caller, result.contactId);
  }

  /**
   * `POST /contacts/upload`: the file is stored and started at once with the mapping the
   * upload suggests (header words in four languages, else what the cells look like).
   */
  async upload(who: Starter, file: File): Promise<ImportView> {
    const preview = await this.imports.upload(who, file);
    try {
      return await this.startOrDiscard(who, preview.contactImport.id, preview.columns, preview.hasHeader, []);
    } catch (err) {
      // The suggestion found no number column: say so about the file, the only thing sent.
      if (err instanceof AppError && err.code === "ERR_VALIDATION" && err.detail.fields?.columns)
        throw new AppError("ERR_VALIDATION", { fields: { file: "Number column not found" } });
      throw err;
    }
  }

  /** `POST /contacts/import`: the phone's saved contacts, as "Import from WhatsApp" does. */
  async phoneBook(who: Starter, whatsappId: number | null, tags: TagRef[]): Promise<ImportView> {
    const { connectionId } = await this.phoneOf(who.companyId, whatsappId);
    return this.imports.startWhatsapp(who, connectionId, tags);
  }

  /**
   * `POST /contacts/import/chats`: the people of the connection's one-to-one chats. The list
   * is read now and kept as a CSV upload of the import (number, name), so the job imports
   * what the chats were when asked, and resumes from that file after a restart.
   */
  async chats(who: Starter, whatsappId: number | null, tags: TagRef[]): Promise<ImportView> {
    const { connectionId, book } = await this.phoneOf(who.companyId, whatsappId);
    const people = await book.chats(who.companyId, connectionId);
    if (!people) throw new AppError("ERR_CONTACT_IMPORT_NO_SESSION");
    const file = new File([chatsCsv(people)], `whatsapp-${connectionId}-chats.csv`, { type: "text/csv" });
    const preview = await this.imports.upload(who, file);
    return this.startOrDiscard(who, preview.contactImport.id, ["number", "name"], true, tags);
  }

  /** Starts an upload; one that cannot start (another import runs, a bad tag) is discarded, not left waiting. */
  private async startOrDiscard(who: Starter, id: number, columns: ColumnTarget[], hasHeader: boolean, tags: TagRef[]): Promise<ImportView> {
    try {
      return await this.imports.start(who, id, { columns, hasHeader, tags });
    } catch (err) {
      await this.imports.cancel(who.companyId, id).catch(() => {});
      throw err;
    }
  }

  /**
   * The connection named (the company's default when none) and its channel's phone book.
   * Another company's connection is not found, like an unknown id.
   */
  private async phoneOf(companyId: number, whatsappId: number | null): Promise<{ connectionId: number; book: PhoneBook }> {
    const connection = whatsappId ? await this.services.require("connections.get")(companyId, whatsappId) : await this.services.require("connections.default")(companyId);
    if (!connection) throw new AppError(whatsappId ? "ERR_NO_WAPP_FOUND" : "ERR_NO_DEF_WAPP_FOUND");
    // "channels.*" services belong to whichever plugin drives the channel: none may be installed.
    const book = this.services.get("channels.driverFor")?.(connection.channel)?.phoneBook;
    if (!book) throw new AppError("ERR_CONTACT_IMPORT_CHANNEL");
    return { connectionId: connection.id, book };
  }
}

/** The chats as the import reads a file: a header, then number and name per line, written as our export writes cells. */
function chatsCsv(people: PhoneBookEntry[]): string {
  return `${["number,name", ...people.map((p) => `${csvField(p.number, ",")},${csvField(p.name, ",")}`)].join("\r\n")}\r\n`;
}
