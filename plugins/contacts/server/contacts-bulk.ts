import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../core/db/database.ts";
import { nowIso } from "../../../core/db/columns.ts";
import { contactExtraInfo, contacts } from "../schema/tables.ts";
import { checkNumber } from "../shared/phone.ts";
import type { BulkContactInput, BulkContactResult, ContactRow } from "./contacts.contract.ts";
import { ContactFieldRules } from "./contacts.schemas.ts";

/** The first message of a rule a value breaks, as the form reports it (its first issue). */
const firstIssue = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message ?? "Invalid";

/** One input row checked: the fields to write, or the first field that is wrong. */
type Checked = { ok: true; number: string; name: string; email: string; extraInfo: { name: string; value: string }[] } | { ok: false; field: string; message: string };

/**
 * Checks one row with the contact form's rules (contacts.schemas.ts ContactFieldRules; the number
 * with checkNumber, strict); cells are trimmed first, and an empty name or e-mail means "keep / none".
 */
export function checkBulkRow(row: BulkContactInput): Checked {
  const number = checkNumber(row.number, false, true);
  if ("error" in number) return { ok: false, field: "number", message: number.error };
  const name = (row.name ?? "").trim();
  if (name) {
    const nameCheck = ContactFieldRules.name.safeParse(name);
    if (!nameCheck.success) return { ok: false, field: "name", message: firstIssue(nameCheck) };
  }
  const emailCheck = ContactFieldRules.email.safeParse((row.email ?? "").trim());
  if (!emailCheck.success) return { ok: false, field: "email", message: firstIssue(emailCheck) };
  const extraInfo: { name: string; value: string }[] = [];
  for (const item of row.extraInfo ?? []) {
    const key = item.name.trim();
    const value = item.value.trim();
    if (!key || !value) continue;
    const itemCheck = ContactFieldRules.extraInfo.safeParse({ name: key, value });
    if (!itemCheck.success) return { ok: false, field: key, message: firstIssue(itemCheck) };
    extraInfo.push({ name: key, value });
  }
  return { ok: true, number: number.number, name, email: emailCheck.data, extraInfo };
}

/** Rows of one batch sharing a number become one write: later non-empty cells win, extra info merges by name. */
function mergeByNumber(rows: Extract<Checked, { ok: true }>[]) {
  const merged = new Map<string, Extract<Checked, { ok: true }>>();
  for (const row of rows) {
    const seen = merged.get(row.number);
    if (!seen) {
      merged.set(row.number, { ...row, extraInfo: [...row.extraInfo] });
      continue;
    }
    if (row.name) seen.name = row.name;
    if (row.email) seen.email = row.email;
    for (const item of row.extraInfo) {
      const same = seen.extraInfo.find((e) => e.name === item.name);
      if (same) same.value = item.value;
      else seen.extraInfo.push(item);
    }
  }
  return merged;
}

/** Every column of a contact, named by its field: what a RETURNING must list to give whole rows. */
const contactColumns = Object.entries(getTableColumns(contacts));
const allColumns = sql.join(
  contactColumns.map(([field, column]) => sql`${sql.identifier(column.name)} AS ${sql.identifier(field)}`),
  sql`, `,
);

/** A row as SQLite returned it, with each column's driver value mapped as Drizzle's own reads do (booleans). */
function contactOf(raw: Record<string, unknown>): ContactRow {
  const row: Record<string, unknown> = {};
  for (const [field, column] of contactColumns) row[field] = raw[field] == null ? null : column.mapFromDriverValue(raw[field]);
  return row as ContactRow;
}

export interface BulkUpsert {
  /** One per input row, in order. */
  results: BulkContactResult[];
  /** The contacts written, as stored after the batch: only with `withRows`, else empty. */
  rows: ContactRow[];
}

/**
 * Creates or merges a batch of contacts in the caller's transaction (the spreadsheet import):
 * each row is checked with the contact form's rules, rows are matched by their normalised
 * number within the batch and against the company's contacts (the unique index decides), a
 * new contact without a name is named by its number, an existing one keeps what an empty
 * cell leaves out, and extra info is set by name. Three statements per batch, whatever its size.
 * With `withRows` the upsert's RETURNING gives the written contacts whole (for their events);
 * without, only their ids, so a large import maps no more than it needs.
 */
export async function upsertContacts(tx: DbOrTx, companyId: number, rows: BulkContactInput[], acceptAudioMessage: boolean, withRows = false): Promise<BulkUpsert> {
  const checked = rows.map(checkBulkRow);
  const valid = checked.filter((c): c is Extract<Checked, { ok: true }> => c.ok);
  const merged = mergeByNumber(valid);
  const numbers = [...merged.keys()];
  const ids = new Map<string, number>();
  const existing = new Set<string>();
  let written: ContactRow[] = [];
  if (numbers.length) {
    const found = await tx
      .select({ id: contacts.id, number: contacts.number })
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), inArray(contacts.number, numbers)));
    for (const f of found) existing.add(f.number);
    const now = nowIso();
    // Written as one statement with sql.join: Drizzle's insert builder took three times longer
    // to build a 500-row upsert than SQLite took to run it (tests/bench/contacts-import.ts).
    const values = sql.join(
      [...merged.values()].map((r) => sql`(${companyId}, ${r.number}, ${r.name || r.number}, ${r.email}, ${acceptAudioMessage ? 1 : 0}, ${now}, ${now})`),
      sql`, `,
    );
    // An empty cell keeps what the contact has (a new contact's placeholder name is its number).
    const returned = await tx.all<Record<string, unknown> & { id: number; number: string }>(sql`
      INSERT INTO ${contacts} (company_id, number, name, email, accept_audio_message, created_at, updated_at) VALUES ${values}
      ON CONFLICT (company_id, number) DO UPDATE SET
        name = CASE WHEN excluded.name = excluded.number THEN ${contacts}.name ELSE excluded.name END,
        email = CASE WHEN excluded.email = '' THEN ${contacts}.email ELSE excluded.email END,
        updated_at = excluded.updated_at
      RETURNING ${withRows ? allColumns : sql`id, number`}`);
    for (const w of returned) ids.set(w.number, w.id);
    if (withRows) written = returned.map(contactOf);
    await setExtraInfo(tx, merged, ids);
  }
  // The first row of a new number created it; every later row of it (and of a known number) merged.
  const firstSeen = new Set<string>();
  const results = checked.map((c): BulkContactResult => {
    if (!c.ok) return { ok: false, field: c.field, message: c.message };
    const created = !existing.has(c.number) && !firstSeen.has(c.number);
    firstSeen.add(c.number);
    return { ok: true, contactId: ids.get(c.number)!, number: c.number, created };
  });
  return { results, rows: written };
}

/** Extra info named in the batch replaces the contact's entry of that name; other entries stay. */
async function setExtraInfo(tx: DbOrTx, merged: Map<string, { extraInfo: { name: string; value: string }[] }>, ids: Map<string, number>): Promise<void> {
  const pairs: { contactId: number; name: string; value: string }[] = [];
  for (const [number, row] of merged) for (const e of row.extraInfo) pairs.push({ contactId: ids.get(number)!, ...e });
  if (!pairs.length) return;
  const contactIds = [...new Set(pairs.map((p) => p.contactId))];
  const names = [...new Set(pairs.map((p) => p.name))];
  const keep = new Set(pairs.map((p) => `${p.contactId}\u0000${p.name}`));
  // The batch names few extra fields (its mapped columns): read those entries, delete the replaced ones by id.
  const current = await tx
    .select({ id: contactExtraInfo.id, contactId: contactExtraInfo.contactId, name: contactExtraInfo.name })
    .from(contactExtraInfo)
    .where(and(inArray(contactExtraInfo.contactId, contactIds), inArray(contactExtraInfo.name, names)));
  const replaced = current.filter((c) => keep.has(`${c.contactId}\u0000${c.name}`)).map((c) => c.id);
  if (replaced.length) await tx.delete(contactExtraInfo).where(inArray(contactExtraInfo.id, replaced));
  await tx.insert(contactExtraInfo).values(pairs);
}
