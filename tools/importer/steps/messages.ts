import { messages } from "../../../plugins/tickets/schema/tables.ts";
import { companyRelative } from "../media.ts";
import { jsonList } from "../raw-sql.ts";
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
    const connectionOf = new Map<number, number | null>();
    if (ticketIds.length)
      for (const [id, whatsappId] of await ctx.raw.values("SELECT id, whatsapp_id FROM tickets WHERE id IN (SELECT value FROM json_each(?))", [jsonList(ticketIds)]))
        connectionOf.set(Number(id), whatsappId === null ? null : Number(whatsappId));
    const providerOf = (r: (typeof rows)[number]) => str(r.wid).trim() || `imported-${r.id}`;
    // Provider ids we already hold (the live server received them, or a fork stored one twice),
    // found through the (connection, provider id) unique index: CROSS JOIN keeps the page's list
    // the outer loop (left to itself the planner walks the company's messages for every page).
    const held = new Map<string, number>();
    const wanted: [number | null, string][] = [];
    for (const r of rows) {
      const ticketId = ctx.ref("Tickets", r.ticketId);
      if (ticketId !== undefined && connectionOf.has(ticketId)) wanted.push([connectionOf.get(ticketId)!, providerOf(r)]);
    }
    if (wanted.length)
      for (const [id, whatsappId, providerId] of await ctx.raw.values(
        "SELECT m.id, m.whatsapp_id, m.provider_id FROM json_each(?) j CROSS JOIN messages m ON m.whatsapp_id = j.value ->> 0 AND m.provider_id = j.value ->> 1 WHERE m.company_id = ?",
        [jsonList(wanted), companyId],
      ))
        held.set(`${whatsappId}:${providerId}`, Number(id));
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
      const stored = file ? await ctx.media.copy(companyRelative(file, ctx.sourceCompanyId!), companyId) : null;
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
