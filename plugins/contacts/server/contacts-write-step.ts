import { and, eq, sql } from "drizzle-orm";
import { nowIso } from "../../../core/db/columns.ts";
import { preparedPer } from "../../../core/db/prepared.ts";
import type { SyncDb, WriteUnit } from "../../../core/db/write-batch.ts";
import { AppError } from "../../../core/errors.ts";
import { contacts } from "../schema/tables.ts";
import { normalizeNumber } from "../shared/phone.ts";
import type { ContactRow, FindOrCreateContactInput } from "./contacts.contract.ts";
import type { ContactEvents } from "./contacts.events.ts";

const p = sql.placeholder;

/** Built once per batcher connection: no SQL is built per message on the inbound path. */
const statementsFor = preparedPer((db: SyncDb) => ({
  byNumber: db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, p("companyId")), eq(contacts.number, p("number"))))
    .limit(1)
    .prepare(),
  // Every column with a JS-side default is a placeholder: a prepared insert would freeze it.
  insert: db
    .insert(contacts)
    .values({
      companyId: p("companyId"),
      number: p("number"),
      name: p("name"),
      isGroup: p("isGroup"),
      channel: p("channel"),
      urlPicture: p("urlPicture"),
      acceptAudioMessage: p("acceptAudioMessage"),
      createdAt: p("now"),
      updatedAt: p("now"),
    })
    .onConflictDoNothing({ target: [contacts.companyId, contacts.number] })
    .returning()
    .prepare(),
}));

/**
 * `contacts.findOrCreate` for a write batch: the async part (number normalisation, the
 * company's audio default) runs first, then the returned step finds or creates the contact
 * inside the caller's unit. The create event goes out only once the unit has committed.
 */
export async function findOrCreateStep(
  input: FindOrCreateContactInput,
  deps: { acceptsAudioByDefault(companyId: number): Promise<boolean>; events: ContactEvents },
): Promise<(unit: WriteUnit) => ContactRow> {
  const values = await newContact(input, deps.acceptsAudioByDefault);
  const key = { companyId: values.companyId, number: values.number };
  return (unit) => {
    const s = statementsFor(unit.db);
    const found = s.byNumber.get(key);
    if (found) return found;
    const created = s.insert.get({ ...values, now: nowIso() });
    // Another process may have won the number since the lookup (the unique index decides).
    if (!created) return s.byNumber.get(key) ?? fail();
    unit.afterCommit(() => deps.events.changed(values.companyId, "create", createdContact(created)));
    return created;
  };
}

/**
 * The columns of a contact created from a channel's message (both find-or-create paths): the
 * number normalised (a field error when nothing is left of it), the company's audio default.
 */
export async function newContact(input: FindOrCreateContactInput, acceptsAudioByDefault: (companyId: number) => Promise<boolean>) {
  const isGroup = input.isGroup ?? false;
  const number = normalizeNumber(input.number, isGroup);
  if (!number) throw new AppError("ERR_VALIDATION", { fields: { number: "Required" } });
  return {
    companyId: input.companyId,
    number,
    name: input.name?.trim() || number,
    isGroup,
    channel: input.channel ?? "whatsapp",
    urlPicture: input.urlPicture ?? "",
    acceptAudioMessage: await acceptsAudioByDefault(input.companyId),
  };
}

/** The create event's contact: a new contact has no extra info and no tags yet. */
export const createdContact = (row: ContactRow) => ({ ...row, extraInfo: [], tags: [] });

function fail(): never {
  throw new AppError("ERR_INTERNAL");
}
