import { and, inArray, sql } from "drizzle-orm";
import { messages, tickets } from "../../../plugins/tickets/schema/tables.ts";
import type { Outcome, Step } from "../step.ts";
import { bool, int, isoOrNow, str, strOrNull } from "./values.ts";

/** The provider's text kinds; ours call text "chat". */
const TEXT_KINDS = new Set(["", "chat", "conversation", "extendedTextMessage"]);

/**
 * Messages, the bulk of an install. Each keeps its provider id (`wid`: de-duplication and
 * quoting) scoped to its ticket's connection, its quoted message, ack and flags; its file is
 * copied from `company{id}/` (a missing one is listed and the message keeps its text). The raw
 * provider payload (`dataJson`) is not kept: ours holds structured content by kind instead.
 */
export const messagesStep: Step = {
  table: "Messages",
  known: [
    "id",
    "body",
    "ack",
    "read",
    "mediaType",
    "mediaUrl",
    "ticketId",
    "fromMe",
    "isDeleted",
    "isEdited",
    "isPrivate",
    "isForwarded",
    "contactId",
    "companyId",
    "remoteJid",
    "dataJson",
    "participant",
    "queueId",
    "ticketTrakingId",
    "quotedMsgId",
    "wid",
    "createdAt",
    "updatedAt",
  ],
  required: ["id", "ticketId"],
  scope: `"ticketId" IN (SELECT "id" FROM "Tickets" WHERE "companyId" = $company)`,
  key: ["id"],
  mapped: true,
  refs: { ticketId: "Tickets", contactId: "Contacts", queueId: "Queues", quotedMsgId: "Messages" },
  async map(rows, ctx) {
    const companyId = ctx.companyId!;
    const ticketIds = [...new Set(rows.map((r) => ctx.ref("Tickets", r.ticketId)).filter((id): id is number => id !== undefined))];
    const connectionOf = new Map(
      ticketIds.length
        ? (await ctx.tx.select({ id: tickets.id, whatsappId: tickets.whatsappId }).from(tickets).where(inArray(tickets.id, ticketIds))).map((t) => [t.id, t.whatsappId])
        : [],
    );
    const providerOf = (r: (typeof rows)[number]) => str(r.wid).trim() || `imported-${r.id}`;
    // Provider ids we already hold (the live server received them, or a fork stored one twice).
    const held = new Map<string, number>();
    const wanted = rows.map(providerOf);
    for (let i = 0; i < wanted.length; i += 500)
      for (const m of await ctx.tx
        .select({ id: messages.id, whatsappId: messages.whatsappId, providerId: messages.providerId })
        .from(messages)
        .where(and(eq0(companyId), inArray(messages.providerId, wanted.slice(i, i + 500)))))
        held.set(`${m.whatsappId}:${m.providerId}`, m.id);
    const inPage = new Map<number, number>();
    const out: Outcome[] = [];
    for (const r of rows) {
      const ticketId = ctx.ref("Tickets", r.ticketId);
      const whatsappId = ticketId === undefined ? undefined : connectionOf.get(ticketId);
      if (ticketId === undefined || whatsappId === undefined) {
        out.push({ source: Number(r.id), skip: "its ticket was not imported" });
        continue;
      }
      const providerId = providerOf(r);
      const key = `${whatsappId}:${providerId}`;
      const same = held.get(key);
      if (same !== undefined) {
        inPage.set(Number(r.id), same);
        out.push({ source: Number(r.id), existing: same });
        continue;
      }
      const id = await ctx.newId(messages);
      held.set(key, id);
      inPage.set(Number(r.id), id);
      const file = strOrNull(r.mediaUrl);
      const stored = file ? await ctx.media.copy(`company${ctx.sourceCompanyId}/${file.replace(/^.*\/public\//, "")}`, companyId) : null;
      const kind = str(r.mediaType);
      const quoted = r.quotedMsgId === null || r.quotedMsgId === undefined ? null : (inPage.get(Number(r.quotedMsgId)) ?? ctx.ref("Messages", r.quotedMsgId) ?? null);
      out.push({
        source: Number(r.id),
        insert: {
          table: messages,
          values: {
            id,
            companyId,
            ticketId,
            contactId: ctx.ref("Contacts", r.contactId) ?? null,
            whatsappId,
            providerId,
            body: str(r.body),
            fromMe: bool(r.fromMe),
            mediaType: TEXT_KINDS.has(kind) ? "chat" : kind,
            mediaUrl: stored ? `/public/company${companyId}/${stored}` : null,
            ack: Math.min(5, Math.max(0, int(r.ack))),
            isDeleted: bool(r.isDeleted),
            isEdited: bool(r.isEdited),
            isPrivate: bool(r.isPrivate),
            isForwarded: bool(r.isForwarded),
            quotedMsgId: quoted,
            queueId: ctx.ref("Queues", r.queueId) ?? null,
            participant: strOrNull(r.participant),
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt ?? r.createdAt),
          },
        },
      });
    }
    return out;
  },
};

const eq0 = (companyId: number) => sql`${messages.companyId} = ${companyId}`;
