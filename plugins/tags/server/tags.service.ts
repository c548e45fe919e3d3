import { and, asc, count, eq, inArray, like, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../core/db/database.ts";
import { AppError } from "../../../core/errors.ts";
import type { Services } from "../../../core/plugin/services.ts";
import type { Realtime } from "../../../core/realtime/realtime.ts";
import { contactTags, tags } from "../schema/tables.ts";
import { typedTagNameProblem } from "../shared/tag-name.ts";
import { randomColor } from "./random-color.ts";
import type { InTransaction, TagSummary } from "./tags.contract.ts";
import "../../contacts/server/contacts.contract.ts";

const PAGE_SIZE = 20;

export type TagRow = typeof tags.$inferSelect;
export interface TagInput {
  name: string;
  color?: string;
  kanban: 0 | 1;
  timeLane: number;
  nextLaneId?: number | null;
  rollbackLaneId?: number | null;
  greetingMessageLane: string;
}
export type TagPatch = Partial<TagInput>;
export interface SyncItem {
  id?: number;
  name: string;
  color?: string;
}

const sameName = (companyId: number, name: string) => and(eq(tags.companyId, companyId), sql`lower(${tags.name}) = lower(${name.trim()})`);

/** The rules about tags and which contacts carry them. */
export class TagsService {
  constructor(
    private db: Db,
    private realtime: Realtime,
    private services: Services,
  ) {}

  async page(companyId: number, q: { searchParam: string; pageNumber: number; kanban?: number }) {
    const term = q.searchParam.trim();
    const where = and(eq(tags.companyId, companyId), term ? like(tags.name, `%${term}%`) : undefined, q.kanban === undefined ? undefined : eq(tags.kanban, q.kanban));
    const rows = await this.db
      .select({ tag: tags, contactsCount: sql<number>`(select count(*) from "contact_tags" "ct" where "ct"."tag_id" = "tags"."id")` })
      .from(tags)
      .where(where)
      .orderBy(asc(tags.name), asc(tags.id))
      .limit(PAGE_SIZE)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(tags).where(where);
    const n = total?.n ?? 0;
    // `contacts` is the same count under the name the original clients read (issue 32).
    return { tags: rows.map((r) => ({ ...r.tag, contactsCount: Number(r.contactsCount), contacts: Number(r.contactsCount) })), count: n, hasMore: q.pageNumber * PAGE_SIZE < n };
  }

  list(companyId: number, kanban?: number) {
    return this.db
      .select()
      .from(tags)
      .where(and(eq(tags.companyId, companyId), kanban === undefined ? undefined : eq(tags.kanban, kanban)))
      .orderBy(asc(tags.name));
  }

  async get(companyId: number, id: number, tx: DbOrTx = this.db): Promise<TagRow> {
    const [row] = await tx
      .select()
      .from(tags)
      .where(and(eq(tags.companyId, companyId), eq(tags.id, id)))
      .limit(1);
    if (!row) throw new AppError("ERR_NOT_FOUND");
    return row;
  }

  async create(companyId: number, userId: number, input: TagInput): Promise<TagRow> {
    await this.checkName(companyId, input.name);
    await this.checkLanes(companyId, input);
    const [row] = await this.db
      .insert(tags)
      .values({ ...input, name: input.name.trim(), color: input.color ?? randomColor(), companyId, userId })
      .returning();
    this.emit(companyId, "create", row!);
    return row!;
  }

  async update(companyId: number, id: number, patch: TagPatch): Promise<TagRow> {
    await this.get(companyId, id);
    if (patch.name !== undefined) await this.checkName(companyId, patch.name, id);
    await this.checkLanes(companyId, patch);
    const [row] = await this.db
      .update(tags)
      .set(patch)
      .where(and(eq(tags.companyId, companyId), eq(tags.id, id)))
      .returning();
    this.emit(companyId, "update", row!);
    return row!;
  }

  /** Deletes a tag; lanes that pointed at it (next or rollback lane) point nowhere afterwards. */
  async remove(companyId: number, id: number): Promise<void> {
    await this.get(companyId, id);
    const unlinked = await this.db.transaction(async (tx) => {
      const next = await tx
        .update(tags)
        .set({ nextLaneId: null })
        .where(and(eq(tags.companyId, companyId), eq(tags.nextLaneId, id)))
        .returning();
      const back = await tx
        .update(tags)
        .set({ rollbackLaneId: null })
        .where(and(eq(tags.companyId, companyId), eq(tags.rollbackLaneId, id)))
        .returning();
      await tx.delete(tags).where(and(eq(tags.companyId, companyId), eq(tags.id, id)));
      return new Map([...next, ...back].filter((row) => row.id !== id).map((row) => [row.id, row]));
    });
    this.realtime.emit(companyId, `company-${companyId}-tag`, { action: "delete", tagId: id });
    for (const row of unlinked.values()) this.emit(companyId, "update", row);
  }

  /** A contact's tags; the contact must be the company's (ERR_NO_CONTACT_FOUND otherwise). */
  async ofContact(companyId: number, contactId: number): Promise<TagRow[]> {
    await this.contact(companyId, contactId);
    return this.tagsOf(this.db, companyId, contactId);
  }

  /**
   * Replaces a contact's tags (the contact tags editor): items with an id must be the
   * company's tags; items without one are found by name (case-insensitively) or created
   * with a random colour. Answers the contact's tags afterwards.
   */
  async sync(companyId: number, userId: number, contactId: number, items: SyncItem[]): Promise<TagRow[]> {
    await this.contact(companyId, contactId);
    const created: TagRow[] = [];
    const result = await this.db.transaction(async (tx) => {
      const ids = new Set<number>();
      for (const item of items) {
        if (item.id) {
          ids.add((await this.get(companyId, item.id, tx)).id);
          continue;
        }
        const name = item.name.trim();
        const problem = typedTagNameProblem(name);
        if (problem) throw new AppError("ERR_VALIDATION", { fields: { tags: problem } });
        const [existing] = await tx.select().from(tags).where(sameName(companyId, name)).limit(1);
        if (existing) ids.add(existing.id);
        else {
          const [row] = await tx
            .insert(tags)
            .values({ companyId, userId, name, color: item.color ?? randomColor(), timeLane: 0 })
            .returning();
          created.push(row!);
          ids.add(row!.id);
        }
      }
      await tx.delete(contactTags).where(and(eq(contactTags.companyId, companyId), eq(contactTags.contactId, contactId)));
      if (ids.size) await tx.insert(contactTags).values([...ids].map((tagId) => ({ companyId, contactId, tagId })));
      return this.tagsOf(tx, companyId, contactId);
    });
    for (const row of created) this.emit(companyId, "create", row);
    await this.services.require("contacts.changed")(companyId, contactId);
    return result;
  }

  /** For the contacts plugin: each contact's tags, in one query. */
  async ofContacts(companyId: number, contactIds: number[]): Promise<Map<number, TagSummary[]>> {
    const out = new Map<number, TagSummary[]>();
    if (!contactIds.length) return out;
    const rows = await this.db
      .select({ contactId: contactTags.contactId, id: tags.id, name: tags.name, color: tags.color })
      .from(contactTags)
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .where(and(eq(contactTags.companyId, companyId), inArray(contactTags.contactId, contactIds)))
      .orderBy(asc(tags.name));
    for (const { contactId, ...tag } of rows) out.set(contactId, [...(out.get(contactId) ?? []), tag]);
    return out;
  }

  /** `tags.contactsWithTag`: the company's contacts linked to the tag, by id (served by `contact_tags_tag_idx`). */
  async contactsWithTag(companyId: number, tagId: number, tx: DbOrTx = this.db): Promise<number[]> {
    const rows = await tx
      .select({ contactId: contactTags.contactId })
      .from(contactTags)
      .where(and(eq(contactTags.companyId, companyId), eq(contactTags.tagId, tagId)))
      .orderBy(asc(contactTags.contactId));
    return rows.map((r) => r.contactId);
  }

  /** `tags.ownIds`: the ids among these that are the company's tags. */
  async ownIds(companyId: number, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.companyId, companyId), inArray(tags.id, ids)));
    return rows.map((r) => r.id);
  }

  /**
   * `tags.resolveNames`: the company's tags of these names, the missing ones created in the
   * caller's transaction (an import's tag column). The creations are announced once that
   * transaction commits: one rolled back created nothing, and clients must not hear of it.
   */
  async resolveNames(companyId: number, userId: number | null, names: string[], { tx, afterCommit }: InTransaction): Promise<Map<string, number>> {
    const wanted = new Map<string, string>();
    for (const name of names) if (name.trim()) wanted.set(name.trim().toLowerCase(), name.trim());
    const out = new Map<string, number>();
    if (!wanted.size) return out;
    const found = await tx
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(and(eq(tags.companyId, companyId), inArray(sql`lower(${tags.name})`, [...wanted.keys()])));
    for (const f of found) out.set(f.name.toLowerCase(), f.id);
    const missing = [...wanted].filter(([key]) => !out.has(key));
    if (!missing.length) return out;
    const created = await tx
      .insert(tags)
      .values(missing.map(([, name]) => ({ companyId, userId, name, color: randomColor(), timeLane: 0 })))
      .returning();
    for (const row of created) out.set(row.name.toLowerCase(), row.id);
    afterCommit(() => {
      for (const row of created) this.emit(companyId, "create", row);
    });
    return out;
  }

  /** `tags.attach`: adds links (the unique (contact, tag) index keeps each once). */
  async attach(companyId: number, links: { contactId: number; tagId: number }[], tx: DbOrTx): Promise<void> {
    if (!links.length) return;
    // One statement per call, built with sql.join (Drizzle's insert builder is slow on hundreds of rows).
    const now = new Date().toISOString();
    const values = sql.join(
      links.map((l) => sql`(${companyId}, ${l.contactId}, ${l.tagId}, ${now}, ${now})`),
      sql`, `,
    );
    await tx.run(sql`INSERT INTO ${contactTags} (company_id, contact_id, tag_id, created_at, updated_at) VALUES ${values} ON CONFLICT DO NOTHING`);
  }

  private tagsOf(tx: DbOrTx, companyId: number, contactId: number): Promise<TagRow[]> {
    return tx
      .select({ tag: tags })
      .from(contactTags)
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .where(and(eq(contactTags.companyId, companyId), eq(contactTags.contactId, contactId)))
      .orderBy(asc(tags.name))
      .then((rows) => rows.map((r) => r.tag));
  }

  private async contact(companyId: number, contactId: number): Promise<void> {
    if (!(await this.services.require("contacts.get")(companyId, contactId))) throw new AppError("ERR_NO_CONTACT_FOUND");
  }

  /** Names are unique per company, ignoring case (two "VIP" tags would be indistinguishable chips). */
  private async checkName(companyId: number, name: string, exceptId?: number): Promise<void> {
    const [taken] = await this.db.select({ id: tags.id }).from(tags).where(sameName(companyId, name)).limit(1);
    if (taken && taken.id !== exceptId) throw new AppError("ERR_DUPLICATED_NAME");
  }

  /** Lane links may only name the company's own tags. */
  private async checkLanes(companyId: number, input: { nextLaneId?: number | null; rollbackLaneId?: number | null }): Promise<void> {
    for (const key of ["nextLaneId", "rollbackLaneId"] as const) {
      const id = input[key];
      if (id == null) continue;
      const [row] = await this.db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.companyId, companyId), eq(tags.id, id)))
        .limit(1);
      if (!row) throw new AppError("ERR_VALIDATION", { fields: { [key]: "Invalid tag" } });
    }
  }

  private emit(companyId: number, action: "create" | "update", tag: TagRow): void {
    this.realtime.emit(companyId, `company-${companyId}-tag`, { action, tag });
  }
}
