import { randomUUID } from "node:crypto";
import { helps } from "../../../plugins/helps/schema/tables.ts";
import { announcements } from "../../../plugins/announcements/schema/tables.ts";
import { INVOICE_STATUSES, invoices } from "../../../plugins/billing/schema/tables.ts";
import { chatMessages, chats, chatUsers } from "../../../plugins/chats/schema/tables.ts";
import { SCHEDULE_STATUSES, schedules } from "../../../plugins/schedules/schema/tables.ts";
import { mimeOfName } from "../../../plugins/tickets/server/messages/media.ts";
import type { Outcome, Step } from "../step.ts";
import { bool, day, int, iso, isoOrNow, oneOf, str, strOrNull } from "./values.ts";

const TIMESTAMPS = ["createdAt", "updatedAt"];

/**
 * Scheduled messages with their recurrence. A pending one due later is armed (`dueAt`: its
 * send time, so our scheduler sends it; the old server must be stopped by then); one whose
 * time has passed comes in without a due time (it shows, it does not fire on the switch).
 * The attachment is copied from `company{id}/` (a guess: the layout does not name this
 * folder), else from the root of `public/`.
 */
export const schedulesStep: Step = {
  table: "Schedules",
  known: [
    "id",
    "body",
    "sendAt",
    "sentAt",
    "contactId",
    "ticketId",
    "userId",
    "companyId",
    "status",
    "whatsappId",
    "statusTicket",
    "queueId",
    "ticketUserId",
    "openTicket",
    "mediaName",
    "mediaPath",
    "intervalo",
    "tipoDias",
    "assinar",
    "valorIntervalo",
    "enviarQuantasVezes",
    "contadorEnvio",
    ...TIMESTAMPS,
  ],
  required: ["id", "body", "contactId", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  refs: { contactId: "Contacts", userId: "Users", ticketUserId: "Users", queueId: "Queues", whatsappId: "Whatsapps" },
  async map(rows, ctx) {
    const companyId = ctx.companyId!;
    const out: Outcome[] = [];
    const now = Date.now();
    for (const r of rows) {
      const contactId = ctx.ref("Contacts", r.contactId);
      const sendAt = iso(r.sendAt);
      if (!contactId) {
        out.push({ source: Number(r.id), skip: "its contact was not imported" });
        continue;
      }
      if (!sendAt) {
        out.push({ source: Number(r.id), skip: "no send time", permanent: true });
        continue;
      }
      const sentAt = iso(r.sentAt);
      const status = oneOf(str(r.status).toUpperCase(), SCHEDULE_STATUSES, sentAt ? "ENVIADA" : "PENDENTE");
      const due = status === "PENDENTE" && Date.parse(sendAt) > now ? Date.parse(sendAt) : null;
      const file = strOrNull(r.mediaPath);
      // Not documented for this family: message media's folder first, then the root of public/.
      const stored = file ? await ctx.media.copyFirst([`company${ctx.sourceCompanyId}/${file}`, file], companyId) : null;
      out.push({
        source: Number(r.id),
        insert: {
          table: schedules,
          values: {
            id: await ctx.newId(schedules),
            companyId,
            contactId,
            userId: ctx.ref("Users", r.userId) ?? null,
            body: str(r.body),
            sendAt,
            sentAt,
            status,
            openTicket: oneOf(r.openTicket, ["enabled", "disabled"] as const, "disabled"),
            ticketUserId: ctx.ref("Users", r.ticketUserId) ?? null,
            queueId: ctx.ref("Queues", r.queueId) ?? null,
            statusTicket: oneOf(r.statusTicket, ["open", "closed"] as const, "closed"),
            whatsappId: ctx.ref("Whatsapps", r.whatsappId) ?? null,
            intervalo: int(r.intervalo, 1),
            valorIntervalo: int(r.valorIntervalo),
            enviarQuantasVezes: int(r.enviarQuantasVezes, 1),
            tipoDias: int(r.tipoDias, 4),
            assinar: bool(r.assinar),
            mediaPath: stored,
            mediaName: stored ? str(r.mediaName, file ?? "") : null,
            // The sender sends by type (image, audio, video, else a document).
            mediaType: stored ? mimeOfName(stored) : null,
            dueAt: due,
            timesSent: int(r.contadorEnvio),
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      });
    }
    return out;
  },
};

/** Internal chats (between users), kept with their uuid when it is one and free. */
export const chatsStep: Step = {
  table: "Chats",
  known: ["id", "title", "uuid", "ownerId", "lastMessage", "companyId", ...TIMESTAMPS],
  required: ["id", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  refs: { ownerId: "Users" },
  async map(rows, ctx) {
    const uuids = rows.map((r) => str(r.uuid)).filter(Boolean);
    const taken = new Set(
      uuids.length ? (await ctx.raw.values("SELECT uuid FROM chats WHERE uuid IN (SELECT value FROM json_each(?))", [JSON.stringify(uuids)])).map((r) => String(r[0])) : [],
    );
    const out: Outcome[] = [];
    for (const r of rows) {
      const old = str(r.uuid).trim();
      const uuid = old && !taken.has(old) ? old : randomUUID();
      taken.add(uuid);
      out.push({
        source: Number(r.id),
        insert: {
          table: chats,
          values: {
            id: await ctx.newId(chats),
            uuid,
            companyId: ctx.companyId!,
            ownerId: ctx.ref("Users", r.ownerId) ?? null,
            title: str(r.title),
            lastMessage: str(r.lastMessage),
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      });
    }
    return out;
  },
};

/** Who takes part in each internal chat, with their unread count. */
export const chatUsersStep: Step = {
  table: "ChatUsers",
  known: ["id", "chatId", "userId", "unreads", ...TIMESTAMPS],
  required: ["id", "chatId", "userId"],
  scope: `"chatId" IN (SELECT "id" FROM "Chats" WHERE "companyId" = $company)`,
  key: ["id"],
  mapped: true,
  refs: { chatId: "Chats", userId: "Users" },
  async map(rows, ctx) {
    const out: Outcome[] = [];
    for (const r of rows) {
      const chatId = ctx.ref("Chats", r.chatId);
      const userId = ctx.ref("Users", r.userId);
      if (!chatId || !userId) out.push({ source: Number(r.id), skip: "its chat or user was not imported" });
      else
        out.push({
          source: Number(r.id),
          insert: {
            table: chatUsers,
            values: {
              id: await ctx.newId(chatUsers),
              companyId: ctx.companyId!,
              chatId,
              userId,
              unreads: int(r.unreads),
              createdAt: isoOrNow(r.createdAt),
              updatedAt: isoOrNow(r.updatedAt),
            },
          },
        });
    }
    return out;
  },
};

/**
 * The messages of internal chats. Ours have text only, so an attachment is copied into the
 * company's storage and named in the text with its address (`name (/public/company{id}/…)`),
 * which opens it in the browser. Its folder is not documented for this family: the message
 * media's `company{id}/` first, then the root of `public/`. A missing file leaves its name.
 */
export const chatMessagesStep: Step = {
  table: "ChatMessages",
  known: ["id", "chatId", "senderId", "message", "mediaPath", "mediaName", ...TIMESTAMPS],
  required: ["id", "chatId"],
  scope: `"chatId" IN (SELECT "id" FROM "Chats" WHERE "companyId" = $company)`,
  key: ["id"],
  mapped: true,
  refs: { chatId: "Chats", senderId: "Users" },
  async map(rows, ctx) {
    const companyId = ctx.companyId!;
    const out: Outcome[] = [];
    for (const r of rows) {
      const chatId = ctx.ref("Chats", r.chatId);
      const file = strOrNull(r.mediaPath);
      let message = str(r.message);
      if (chatId && file) {
        const stored = await ctx.media.copyFirst([`company${ctx.sourceCompanyId}/${file}`, file], companyId);
        const name = str(r.mediaName, file) || file;
        const attachment = stored ? `${name} (/public/company${companyId}/${stored})` : name;
        message = message && message !== name ? `${message}\n${attachment}` : attachment;
      }
      if (!chatId) out.push({ source: Number(r.id), skip: "its chat was not imported" });
      else
        out.push({
          source: Number(r.id),
          insert: {
            table: chatMessages,
            values: {
              id: await ctx.newId(chatMessages),
              companyId: ctx.companyId!,
              chatId,
              senderId: ctx.ref("Users", r.senderId) ?? null,
              message,
              createdAt: isoOrNow(r.createdAt),
              updatedAt: isoOrNow(r.updatedAt),
            },
          },
        });
    }
    return out;
  },
};

/** Announcements (the "informativos") with their image, which the old server kept in `public/announcements/`. */
export const announcementsStep: Step = {
  table: "Announcements",
  known: ["id", "priority", "title", "text", "mediaPath", "mediaName", "companyId", "status", ...TIMESTAMPS],
  required: ["id", "title", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  async map(rows, ctx) {
    const companyId = ctx.companyId!;
    const out: Outcome[] = [];
    for (const r of rows) {
      const file = strOrNull(r.mediaPath);
      // `public/announcements/` (the documented layout), else the root of `public/` (older forks).
      const stored = file ? await ctx.media.copyFirst([`announcements/${file}`, file], companyId) : null;
      out.push({
        source: Number(r.id),
        insert: {
          table: announcements,
          values: {
            id: await ctx.newId(announcements),
            companyId,
            title: str(r.title),
            text: str(r.text),
            priority: Math.min(3, Math.max(1, int(r.priority, 3))),
            status: bool(r.status, true) ? "active" : "inactive",
            mediaPath: stored,
            mediaName: stored ? str(r.mediaName, file ?? "") : null,
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      });
    }
    return out;
  },
};

/** The help videos (global); a title we already have keeps ours. `link` has no column here. */
export const helpsStep: Step = {
  table: "Helps",
  known: ["id", "title", "description", "video", "link", ...TIMESTAMPS],
  required: ["id", "title"],
  scope: null,
  key: ["id"],
  mapped: true,
  async map(rows, ctx) {
    const have = new Map((await ctx.raw.values("SELECT lower(title), id FROM helps")).map((r) => [String(r[0]), Number(r[1])]));
    const out: Outcome[] = [];
    for (const r of rows) {
      const title = str(r.title).trim();
      const found = have.get(title.toLowerCase());
      if (found) {
        out.push({ source: Number(r.id), existing: found });
        continue;
      }
      const id = await ctx.newId(helps);
      have.set(title.toLowerCase(), id);
      out.push({
        source: Number(r.id),
        insert: { table: helps, values: { id, title, description: str(r.description), video: str(r.video), createdAt: isoOrNow(r.createdAt), updatedAt: isoOrNow(r.updatedAt) } },
      });
    }
    return out;
  },
};

/**
 * Invoices (history and the open one). Ours keep at most one unpaid invoice per company: a
 * second unpaid one in the source is skipped and counted (the newest unpaid wins by order).
 */
export const invoicesStep: Step = {
  table: "Invoices",
  known: [
    "id",
    "companyId",
    "dueDate",
    "detail",
    "status",
    "value",
    "users",
    "connections",
    "queues",
    "linkInvoice",
    "useWhatsapp",
    "useFacebook",
    "useInstagram",
    "useCampaigns",
    "useSchedules",
    "useInternalChat",
    "useExternalApi",
    ...TIMESTAMPS,
  ],
  required: ["id", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  async map(rows, ctx) {
    const companyId = ctx.companyId!;
    let unpaid = (await ctx.raw.values("SELECT count(*) FROM invoices WHERE company_id = ? AND status <> 'paid'", [companyId]))[0]?.[0] !== 0;
    const [company] = await ctx.raw.values("SELECT plan_id, recurrence FROM companies WHERE id = ?", [companyId]);
    const out: Outcome[] = [];
    for (const r of rows) {
      const status = oneOf(str(r.status).toLowerCase(), INVOICE_STATUSES, "open");
      const dueDate = day(r.dueDate);
      if (!dueDate) {
        out.push({ source: Number(r.id), skip: "no due date", permanent: true });
        continue;
      }
      if (status !== "paid") {
        if (unpaid) {
          out.push({ source: Number(r.id), skip: "a second unpaid invoice (ours keep one per company)", permanent: true });
          continue;
        }
        unpaid = true;
      }
      out.push({
        source: Number(r.id),
        insert: {
          table: invoices,
          values: {
            id: await ctx.newId(invoices),
            companyId,
            planId: company?.[0] === null || company?.[0] === undefined ? null : Number(company[0]),
            recurrence: str(company?.[1], "MENSAL"),
            detail: str(r.detail),
            users: int(r.users),
            connections: int(r.connections),
            queues: int(r.queues),
            value: Number.isFinite(Number(r.value)) ? Number(r.value) : 0,
            dueDate,
            status,
            paidAt: status === "paid" ? isoOrNow(r.updatedAt) : null,
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      });
    }
    return out;
  },
};
