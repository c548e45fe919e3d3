import { and, eq, inArray, sql } from "drizzle-orm";
import { contactExtraInfo, contacts } from "../../../plugins/contacts/schema/tables.ts";
import { contactTags, tags } from "../../../plugins/tags/schema/tables.ts";
import type { Outcome, Step } from "../step.ts";
import { bool, int, iso, isoOrNow, str } from "./values.ts";

const TIMESTAMPS = ["createdAt", "updatedAt"];

/**
 * Contacts: a number we already have in the company keeps our contact. Numbers are kept as
 * digits (a group's id as it is); the picture is copied from `company{id}/contacts/`.
 */
export const contactsStep: Step = {
  table: "Contacts",
  known: [
    "id",
    "name",
    "number",
    "email",
    "companyId",
    "isGroup",
    "active",
    "acceptAudioMessage",
    "disableBot",
    "lgpdAcceptedAt",
    "urlPicture",
    "profilePicUrl",
    "pictureUpdated",
    "channel",
    "remoteJid",
    "whatsappId",
    ...TIMESTAMPS,
  ],
  required: ["id", "number", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  refs: { whatsappId: "Whatsapps" },
  async map(rows, ctx) {
    const companyId = ctx.companyId!;
    const numberOf = (r: (typeof rows)[number]) => (bool(r.isGroup) ? str(r.number).trim() : str(r.number).replace(/\D/g, ""));
    const numbers = rows.map(numberOf).filter(Boolean);
    const have = new Map<string, number>();
    if (numbers.length)
      for (const c of await ctx.tx
        .select({ id: contacts.id, number: contacts.number })
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), inArray(contacts.number, numbers))))
        have.set(c.number, c.id);
    const out: Outcome[] = [];
    for (const r of rows) {
      const number = numberOf(r);
      if (!number) {
        out.push({ source: Number(r.id), skip: "no number", permanent: true });
        continue;
      }
      const found = have.get(number);
      if (found) {
        out.push({ source: Number(r.id), existing: found });
        continue;
      }
      const id = await ctx.newId(contacts);
      have.set(number, id);
      const picture = r.urlPicture ? await ctx.media.copy(`company${ctx.sourceCompanyId}/contacts/${str(r.urlPicture)}`, companyId) : null;
      out.push({
        source: Number(r.id),
        insert: {
          table: contacts,
          values: {
            id,
            companyId,
            name: str(r.name, number),
            number,
            email: str(r.email),
            active: bool(r.active, true),
            acceptAudioMessage: bool(r.acceptAudioMessage, true),
            disableBot: bool(r.disableBot),
            lgpdAcceptedAt: iso(r.lgpdAcceptedAt),
            urlPicture: picture ? `/public/company${companyId}/${picture}` : "",
            channel: str(r.channel, "whatsapp"),
            whatsappId: ctx.ref("Whatsapps", r.whatsappId) ?? null,
            isGroup: bool(r.isGroup),
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      });
    }
    return out;
  },
};

/** A contact's extra fields (name/value pairs of the drawer). */
export const contactFieldsStep: Step = {
  table: "ContactCustomFields",
  known: ["id", "name", "value", "contactId", ...TIMESTAMPS],
  required: ["id", "contactId"],
  scope: `"contactId" IN (SELECT "id" FROM "Contacts" WHERE "companyId" = $company)`,
  key: ["id"],
  mapped: true,
  refs: { contactId: "Contacts" },
  async map(rows, ctx) {
    const out: Outcome[] = [];
    for (const r of rows) {
      const contactId = ctx.ref("Contacts", r.contactId);
      if (!contactId) out.push({ source: Number(r.id), skip: "its contact was not imported" });
      else
        out.push({
          source: Number(r.id),
          insert: {
            table: contactExtraInfo,
            values: {
              id: await ctx.newId(contactExtraInfo),
              contactId,
              name: str(r.name),
              value: str(r.value),
              createdAt: isoOrNow(r.createdAt),
              updatedAt: isoOrNow(r.updatedAt),
            },
          },
        });
    }
    return out;
  },
};

/** Tags and kanban lanes; a name we already have in the company keeps our tag. */
export const tagsStep: Step = {
  table: "Tags",
  known: ["id", "name", "color", "companyId", "kanban", "timeLane", "nextLaneId", "greetingMessageLane", "rollbackLaneId", ...TIMESTAMPS],
  required: ["id", "name", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  refs: { nextLaneId: "Tags", rollbackLaneId: "Tags" },
  async map(rows, ctx) {
    const companyId = ctx.companyId!;
    const mine = await ctx.tx
      .select({ id: tags.id, name: sql<string>`lower(${tags.name})` })
      .from(tags)
      .where(eq(tags.companyId, companyId));
    const have = new Map(mine.map((t) => [t.name, t.id]));
    const out: Outcome[] = [];
    // This page's tags by source id: a lane may point at a tag later in the same page.
    const inPage = new Map<number, number>();
    for (const r of rows) {
      const name = str(r.name).trim();
      const found = have.get(name.toLowerCase());
      if (found) {
        inPage.set(Number(r.id), found);
        out.push({ source: Number(r.id), existing: found });
        continue;
      }
      const id = await ctx.newId(tags);
      inPage.set(Number(r.id), id);
      have.set(name.toLowerCase(), id);
      out.push({
        source: Number(r.id),
        insert: {
          table: tags,
          values: {
            id,
            companyId,
            name,
            color: str(r.color, "#7c7c7c") || "#7c7c7c",
            kanban: int(r.kanban),
            timeLane: int(r.timeLane),
            // Filled below once the whole page has its ids.
            nextLaneId: r.nextLaneId,
            rollbackLaneId: r.rollbackLaneId,
            greetingMessageLane: str(r.greetingMessageLane),
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      });
    }
    // A lane pointing at a tag of an earlier page or run, or of this page; one not imported (a tag
    // of a later page, or none) stays unset.
    const lane = (v: unknown) => (v === null || v === undefined || int(v) === 0 ? null : (inPage.get(int(v)) ?? ctx.ref("Tags", v) ?? null));
    for (const o of out)
      if ("insert" in o) {
        const values = o.insert.values;
        values.nextLaneId = lane(values.nextLaneId);
        values.rollbackLaneId = lane(values.rollbackLaneId);
      }
    return out;
  },
};

/** Which tags a contact carries (a link). */
export const contactTagsStep: Step = {
  table: "ContactTags",
  known: ["contactId", "tagId", ...TIMESTAMPS],
  required: ["contactId", "tagId"],
  scope: `"tagId" IN (SELECT "id" FROM "Tags" WHERE "companyId" = $company)`,
  key: ["contactId", "tagId"],
  mapped: false,
  refs: { contactId: "Contacts", tagId: "Tags" },
  async map(rows, ctx) {
    return rows.map((r): Outcome => {
      const contactId = ctx.ref("Contacts", r.contactId);
      const tagId = ctx.ref("Tags", r.tagId);
      if (!contactId || !tagId) return { source: null, skip: "its contact or tag was not imported" };
      return {
        source: null,
        insert: { table: contactTags, values: { companyId: ctx.companyId!, contactId, tagId, createdAt: isoOrNow(r.createdAt), updatedAt: isoOrNow(r.updatedAt) } },
      };
    });
  },
};

/**
 * ContactWallets: the contact's wallet owner (a user who gets the contact's new tickets when the
 * company sets `DirectTicketsToWallets`). Ours keeps one owner per contact: the first row wins,
 * an owner already set here stays, and further rows of the same contact are skipped.
 */
export const contactWalletsStep: Step = {
  table: "ContactWallets",
  known: ["id", "walletId", "contactId", "companyId"],
  required: ["id", "walletId", "contactId", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  refs: { walletId: "Users", contactId: "Contacts" },
  async map(rows, ctx) {
    const targets = [...new Set(rows.map((r) => ctx.ref("Contacts", r.contactId)).filter((id): id is number => id !== undefined))];
    const owner = new Map<number, number | null>();
    if (targets.length)
      for (const c of await ctx.tx.select({ id: contacts.id, wallet: contacts.walletUserId }).from(contacts).where(inArray(contacts.id, targets))) owner.set(c.id, c.wallet);
    return rows.map((r): Outcome => {
      const contactId = ctx.ref("Contacts", r.contactId);
      const userId = ctx.ref("Users", r.walletId);
      if (contactId === undefined || !owner.has(contactId)) return { source: Number(r.id), skip: "its contact was not imported" };
      if (userId === undefined) return { source: Number(r.id), skip: "its user was not imported", permanent: true };
      const current = owner.get(contactId);
      if (current === userId) return { source: Number(r.id), existing: contactId };
      if (current !== null && current !== undefined) return { source: Number(r.id), skip: "the contact has a wallet owner already (one per contact here)", permanent: true };
      owner.set(contactId, userId);
      return { source: Number(r.id), update: { table: contacts, id: contactId, values: { walletUserId: userId } } };
    });
  },
};
