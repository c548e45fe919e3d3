import { and, asc, count, eq, inArray, like, or, sql, type SQL } from "drizzle-orm";
import type { AfterCommit, Db, DbOrTx } from "../../../core/db/database.ts";
import { AppError } from "../../../core/errors.ts";
import type { Services } from "../../../core/plugin/services.ts";
import type { SettingsService } from "../../../core/settings/settings.ts";
import { uniqueViolation } from "../../../core/db/errors.ts";
import { users } from "../../../core/db/tables.ts";
import { contactExtraInfo, contacts } from "../schema/tables.ts";
import { checkNumber, isMasked, looksLikeGroupId, maskNumber } from "../shared/phone.ts";
import type { BulkContactInput, BulkContactResult, ContactFilter, ContactRow, ExportedContact, FindOrCreateContactInput } from "./contacts.contract.ts";
import { upsertContacts } from "./contacts-bulk.ts";
import type { ContactEvents } from "./contacts.events.ts";
import { createdContact, newContact } from "./contacts-write-step.ts";
import type { TagSummary } from "../../tags/server/tags.contract.ts";

const PAGE_SIZE = 20;

export type ExtraInfoInput = { id?: number; name: string; value?: string };
export interface ContactInput {
  name: string;
  number: string;
  email?: string;
  acceptAudioMessage?: boolean;
  disableBot?: boolean;
  /** The wallet owner; null for none. */
  walletUserId?: number | null;
  extraInfo?: ExtraInfoInput[];
}
export type ContactPatch = Partial<ContactInput> & { active?: boolean; urlPicture?: string };
export interface ContactQuery {
  searchParam: string;
  pageNumber: number;
  channel?: string;
  isGroup?: boolean;
}

/** A contact as the API answers it: the row plus its extra info and tags. */
export type ContactView = ContactRow & { extraInfo: { id: number; name: string; value: string }[]; tags: TagSummary[] };

/** Who asks: their company, and whether numbers must reach them LGPD-masked. */
export interface Viewer {
  companyId: number;
  masked: boolean;
}

const contactById = (db: Db) =>
  db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, sql.placeholder("companyId")), eq(contacts.id, sql.placeholder("id"))))
    .limit(1)
    .prepare();

/** The rules about contacts; handlers only translate HTTP to these calls. */
export class ContactsService {
  constructor(
    private db: Db,
    private settings: SettingsService,
    private services: Services,
    private events: ContactEvents,
  ) {
    this.byId = contactById(db);
  }

  async page(viewer: Viewer, q: ContactQuery) {
    const where = and(
      eq(contacts.companyId, viewer.companyId),
      this.search(q.searchParam),
      q.channel ? eq(contacts.channel, q.channel) : undefined,
      q.isGroup === undefined ? undefined : eq(contacts.isGroup, q.isGroup),
    );
    const rows = await this.db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(asc(contacts.name), asc(contacts.id))
      .limit(PAGE_SIZE)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(contacts).where(where);
    const n = total?.n ?? 0;
    return { contacts: await this.present(viewer, rows), count: n, hasMore: q.pageNumber * PAGE_SIZE < n };
  }

  /** Every contact of the company, for selectors. */
  async list(viewer: Viewer) {
    const rows = await this.db.select().from(contacts).where(eq(contacts.companyId, viewer.companyId)).orderBy(asc(contacts.name));
    return this.present(viewer, rows);
  }

  async show(viewer: Viewer, id: number): Promise<ContactView> {
    return (await this.present(viewer, [await this.row(viewer.companyId, id)]))[0]!;
  }

  /** The company's contact or ERR_NO_CONTACT_FOUND (another company's id included). */
  async row(companyId: number, id: number, tx: DbOrTx = this.db): Promise<ContactRow> {
    const [row] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
      .limit(1);
    if (!row) throw new AppError("ERR_NO_CONTACT_FOUND");
    return row;
  }

  /** Prepared once: every inbound message's announcement looks its contact up. */
  private byId: ReturnType<typeof contactById>;

  async find(companyId: number, id: number): Promise<ContactRow | null> {
    return (await this.byId.get({ companyId, id })) ?? null;
  }

  async create(viewer: Viewer, input: ContactInput): Promise<ContactView> {
    const isGroup = looksLikeGroupId(input.number);
    const number = isGroup ? this.checkedNumber(input.number, true) : await this.onChannel(viewer.companyId, this.checkedNumber(input.number, false));
    await this.ensureFree(viewer.companyId, number);
    await this.ensureOwnUser(viewer.companyId, input.walletUserId);
    const acceptAudioMessage = input.acceptAudioMessage ?? (await this.acceptsAudioByDefault(viewer.companyId));
    const id = await this.write(async (tx) => {
      const [row] = await tx
        .insert(contacts)
        .values({
          companyId: viewer.companyId,
          name: input.name,
          number,
          email: input.email ?? "",
          acceptAudioMessage,
          disableBot: input.disableBot ?? false,
          isGroup,
          walletUserId: input.walletUserId ?? null,
        })
        .returning();
      await this.replaceExtraInfo(tx, row!.id, input.extraInfo ?? []);
      return row!.id;
    });
    return this.announce(viewer, id, "create");
  }

  async update(viewer: Viewer, id: number, patch: ContactPatch): Promise<ContactView> {
    const current = await this.row(viewer.companyId, id);
    const { extraInfo, number: rawNumber, ...fields } = patch;
    let number: string | undefined;
    if (rawNumber !== undefined) {
      // A plain user under LGPD gets the number masked and may send it back unchanged.
      if (isMasked(rawNumber)) {
        if (!viewer.masked || rawNumber !== maskNumber(current.number)) throw new AppError("ERR_VALIDATION", { fields: { number: "Invalid number" } });
      } else {
        number = this.checkedNumber(rawNumber, current.isGroup);
        if (number !== current.number) await this.ensureFree(viewer.companyId, number);
      }
    }
    if (fields.walletUserId !== current.walletUserId) await this.ensureOwnUser(viewer.companyId, fields.walletUserId);
    await this.write(async (tx) => {
      const set = { ...fields, ...(number !== undefined ? { number } : {}) };
      if (Object.keys(set).length) await tx.update(contacts).set(set).where(eq(contacts.id, id));
      else await tx.update(contacts).set({ updatedAt: new Date().toISOString() }).where(eq(contacts.id, id));
      if (extraInfo) await this.replaceExtraInfo(tx, id, extraInfo);
    });
    return this.announce(viewer, id, "update");
  }

  /** Sets one flag (or flips it when `value` is undefined) and announces the change. */
  async setFlag(viewer: Viewer, id: number, flag: "active" | "acceptAudioMessage" | "disableBot", value?: boolean): Promise<ContactView> {
    const current = await this.row(viewer.companyId, id);
    await this.db
      .update(contacts)
      .set({ [flag]: value ?? !current[flag] })
      .where(eq(contacts.id, id));
    return this.announce(viewer, id, "update");
  }

  async remove(companyId: number, id: number): Promise<void> {
    await this.row(companyId, id);
    await this.db.delete(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
    this.events.deleted(companyId, id);
  }

  /**
   * The inbound pipeline's entry: the contact for a number, created when missing. The
   * unique (company_id, number) index decides races; only the insert that wins announces.
   * Inside a caller's transaction the event goes out before that transaction commits.
   */
  async findOrCreate(input: FindOrCreateContactInput, tx: DbOrTx = this.db): Promise<ContactRow> {
    const values = await newContact(input, (companyId) => this.acceptsAudioByDefault(companyId));
    const [created] = await tx
      .insert(contacts)
      .values(values)
      .onConflictDoNothing({ target: [contacts.companyId, contacts.number] })
      .returning();
    if (created) {
      await this.events.changed(input.companyId, "create", createdContact(created));
      return created;
    }
    const [existing] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, input.companyId), eq(contacts.number, values.number)))
      .limit(1);
    if (!existing) throw new AppError("ERR_INTERNAL");
    return existing;
  }

  /**
   * GET /contacts/profile/{number}: the company's contact for a number, created (named by
   * its number) when missing, with the picture a live channel reports (stored when it
   * changed), else the one stored.
   */
  async profile(companyId: number, rawNumber: string): Promise<{ contactId: number; urlPicture: string }> {
    const isGroup = looksLikeGroupId(rawNumber);
    const number = this.checkedNumber(rawNumber, isGroup);
    const row = await this.findOrCreate({ companyId, number, isGroup });
    const picture = await this.livePicture(companyId, number);
    if (picture) await this.setPicture(companyId, row.id, picture);
    return { contactId: row.id, urlPicture: picture || row.urlPicture };
  }

  /** The number as a live channel spells it; ERR_WAPP_INVALID_CONTACT when the channel says it does not exist. */
  private async onChannel(companyId: number, number: string): Promise<string> {
    const check = this.services.get("channels.checkNumber");
    if (!check) return number;
    const found = await check(companyId, number);
    if (found === null) throw new AppError("ERR_WAPP_INVALID_CONTACT");
    return found ? this.checkedNumber(found, false) : number;
  }

  /** A live channel's picture for the number; a failing channel never fails the profile call. */
  private async livePicture(companyId: number, number: string): Promise<string | null | undefined> {
    try {
      return await this.services.get("channels.profilePicture")?.(companyId, number);
    } catch {
      return undefined;
    }
  }

  /** A channel learnt the contact's picture: stored and announced; an unknown id or the same picture changes nothing. */
  async setPicture(companyId: number, id: number, urlPicture: string): Promise<void> {
    const row = await this.find(companyId, id);
    if (!row || row.urlPicture === urlPicture) return;
    await this.db
      .update(contacts)
      .set({ urlPicture })
      .where(and(eq(contacts.id, id), eq(contacts.companyId, companyId)));
    await this.announce({ companyId, masked: false }, id, "update");
  }

  /** Announces a contact again (its tags changed elsewhere); an unknown id is ignored. */
  async touched(companyId: number, id: number): Promise<void> {
    if (await this.find(companyId, id)) await this.announce({ companyId, masked: false }, id, "update");
  }

  /**
   * `contacts.upsertMany` (contacts-bulk.ts): creates or merges a batch inside the caller's
   * transaction; with `announce`, each created or merged contact is announced like a saved one,
   * once that transaction committed.
   */
  async upsertMany(companyId: number, rows: BulkContactInput[], options: { tx: DbOrTx; announce: AfterCommit | null }): Promise<BulkContactResult[]> {
    const { announce } = options;
    const { results, rows: written } = await upsertContacts(options.tx, companyId, rows, await this.acceptsAudioByDefault(companyId), announce !== null);
    if (announce) {
      const done = new Map<number, boolean>();
      for (const r of results) if (r.ok) done.set(r.contactId, (done.get(r.contactId) ?? false) || r.created);
      // The upsert's RETURNING gave the contacts as stored: nothing to read again.
      const views = await this.present({ companyId, masked: false }, written);
      // Best effort once committed: a failed announcement must not fail a batch already stored
      // (the import ends with contacts.reloaded, which reloads every list anyway).
      announce(() => {
        for (const full of views) this.events.changed(companyId, done.get(full.id) ? "create" : "update", full).catch(() => {});
      });
    }
    return results;
  }

  /** Many contacts changed at once (an import): every open list loads again. */
  reloaded(companyId: number): void {
    this.events.reload(companyId);
  }

  /** The list's contacts for these filters, `size` at a time, by (name, id) from where the last page ended. */
  async *exportPages(viewer: Viewer, filter: ContactFilter, size: number): AsyncGenerator<ExportedContact[]> {
    let after: { name: string; id: number } | null = null;
    for (;;) {
      const rows: ContactRow[] = await this.db
        .select()
        .from(contacts)
        .where(
          and(
            eq(contacts.companyId, viewer.companyId),
            this.search(filter.searchParam),
            filter.channel ? eq(contacts.channel, filter.channel) : undefined,
            filter.isGroup === undefined ? undefined : eq(contacts.isGroup, filter.isGroup),
            // A row value: SQLite seeks the (company_id, name) index to it; `name > ? OR (name = ? AND id > ?)` read the whole company each page.
            after ? sql`(${contacts.name}, ${contacts.id}) > (${after.name}, ${after.id})` : undefined,
          ),
        )
        .orderBy(asc(contacts.name), asc(contacts.id))
        .limit(size);
      if (!rows.length) return;
      const tagsOf =
        (await this.services.get("tags.ofContacts")?.(
          viewer.companyId,
          rows.map((r) => r.id),
        )) ?? new Map<number, TagSummary[]>();
      yield rows.map((r) => ({
        id: r.id,
        name: r.name,
        number: viewer.masked ? maskNumber(r.number) : r.number,
        email: r.email,
        tags: (tagsOf.get(r.id) ?? []).map((t) => t.name),
      }));
      if (rows.length < size) return;
      const last = rows[rows.length - 1]!;
      after = { name: last.name, id: last.id };
    }
  }

  /** Rows -> API shape: extra info and tags attached, numbers masked for LGPD viewers. */
  async present(viewer: Viewer, rows: ContactRow[]): Promise<ContactView[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const extras = await this.db.select().from(contactExtraInfo).where(inArray(contactExtraInfo.contactId, ids)).orderBy(asc(contactExtraInfo.id));
    const tagsOf = (await this.services.get("tags.ofContacts")?.(viewer.companyId, ids)) ?? new Map<number, TagSummary[]>();
    return rows.map((r) => ({
      ...r,
      number: viewer.masked ? maskNumber(r.number) : r.number,
      extraInfo: extras.filter((e) => e.contactId === r.id).map(({ id, name, value }) => ({ id, name, value })),
      tags: tagsOf.get(r.id) ?? [],
    }));
  }

  /** Reloads a contact, sends the realtime event (masked per room) and answers the caller. */
  private async announce(viewer: Viewer, id: number, action: "create" | "update"): Promise<ContactView> {
    const [full] = await this.present({ companyId: viewer.companyId, masked: false }, [await this.row(viewer.companyId, id)]);
    await this.events.changed(viewer.companyId, action, full!);
    return viewer.masked ? { ...full!, number: maskNumber(full!.number) } : full!;
  }

  private search(searchParam: string): SQL | undefined {
    const term = searchParam.trim();
    if (!term) return undefined;
    const digits = term.replace(/\D/g, "");
    return or(like(contacts.name, `%${term}%`), like(contacts.email, `%${term}%`), like(contacts.number, `%${digits || term}%`));
  }

  private checkedNumber(raw: string, isGroup: boolean): string {
    const checked = checkNumber(raw, isGroup);
    if ("error" in checked) throw new AppError("ERR_VALIDATION", { fields: { number: checked.error } });
    return checked.number;
  }

  private async ensureFree(companyId: number, number: string): Promise<void> {
    const [taken] = await this.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)))
      .limit(1);
    if (taken) throw new AppError("ERR_DUPLICATED_CONTACT");
  }

  /**
   * A wallet owner must be a user of the contact's company; another company's id is refused
   * exactly like one that does not exist.
   */
  private async ensureOwnUser(companyId: number, userId: number | null | undefined): Promise<void> {
    if (userId == null) return;
    const [found] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
      .limit(1);
    if (!found) throw new AppError("ERR_VALIDATION", { fields: { walletUserId: "Invalid user" } });
  }

  /** Runs the writes in one transaction; a number taken meanwhile still answers ERR_DUPLICATED_CONTACT. */
  private async write<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(fn);
    } catch (err) {
      if (uniqueViolation(err)) throw new AppError("ERR_DUPLICATED_CONTACT");
      throw err;
    }
  }

  private async replaceExtraInfo(tx: DbOrTx, contactId: number, items: ExtraInfoInput[]): Promise<void> {
    await tx.delete(contactExtraInfo).where(eq(contactExtraInfo.contactId, contactId));
    if (items.length) await tx.insert(contactExtraInfo).values(items.map((i) => ({ contactId, name: i.name, value: i.value ?? "" })));
  }

  /** New contacts accept audio unless the company setting acceptAudioMessageContact says otherwise. */
  async acceptsAudioByDefault(companyId: number): Promise<boolean> {
    return (await this.settings.companyOne(companyId, "acceptAudioMessageContact")) !== "disabled";
  }
}
