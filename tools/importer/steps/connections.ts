import { and, eq } from "drizzle-orm";
import { nanoid } from "nanoid";
import { whatsappQueues, whatsapps } from "../../../plugins/connections/schema/tables.ts";
import { CHANNELS } from "../../../plugins/connections/shared/connection-rules.ts";
import type { Outcome, Step } from "../step.ts";
import { bool, int, isoOrNow, oneOf, str, strOrNull, week } from "./values.ts";

const TIMESTAMPS = ["createdAt", "updatedAt"];

/** 30 letters and digits, as ours are made. */
const newToken = () =>
  nanoid(40)
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 30)
    .padEnd(30, "0");

/**
 * Connections with their settings, messages and API token; they come in disconnected (a new
 * QR code pairs them: the session keys stay behind unless the optional key import is done).
 */
export const whatsappsStep: Step = {
  table: "Whatsapps",
  known: [
    "id",
    "name",
    "status",
    "session",
    "qrcode",
    "battery",
    "plugged",
    "retries",
    "isDefault",
    "companyId",
    "token",
    "provider",
    "number",
    "channel",
    "greetingMessage",
    "complationMessage",
    "outOfHoursMessage",
    "ratingMessage",
    "farewellMessage",
    "inactiveMessage",
    "maxUseBotQueues",
    "timeUseBotQueues",
    "timeSendQueue",
    "sendIdQueue",
    "expiresTicket",
    "whenExpiresTicket",
    "expiresTicketNPS",
    "maxUseBotQueuesNPS",
    "expiresInactiveMessage",
    "timeInactiveMessage",
    "timeCreateNewTicket",
    "allowGroup",
    "groupAsTicket",
    "greetingMediaAttachment",
    "collectiveVacationStart",
    "collectiveVacationEnd",
    "collectiveVacationMessage",
    "schedules",
    "importOldMessages",
    "importRecentMessages",
    "importOldMessagesGroups",
    "closedTicketsPostImported",
    "statusImportMessages",
    "queueIdImportMessages",
    "promptId",
    "integrationId",
    "flowIdWelcome",
    "flowIdNotPhrase",
    ...TIMESTAMPS,
  ],
  required: ["id", "name", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  refs: { sendIdQueue: "Queues", queueIdImportMessages: "Queues" },
  async map(rows, ctx) {
    const companyId = ctx.companyId!;
    const [hasDefault] = await ctx.tx
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)));
    let defaultTaken = !!hasDefault;
    const out: Outcome[] = [];
    for (const r of rows) {
      const old = str(r.token).trim();
      const [clash] = old ? await ctx.tx.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.token, old)) : [];
      const isDefault: boolean = bool(r.isDefault) && !defaultTaken;
      defaultTaken ||= isDefault;
      const hours = week(r.schedules);
      out.push({
        source: Number(r.id),
        insert: {
          table: whatsapps,
          values: {
            id: await ctx.newId(whatsapps),
            companyId,
            name: str(r.name),
            channel: oneOf(r.channel, CHANNELS, "whatsapp"),
            status: "DISCONNECTED",
            number: str(r.number),
            isDefault,
            // The API token stays, so integrations calling the old one keep working.
            token: old && !clash ? old : newToken(),
            provider: str(r.provider, "beta"),
            greetingMessage: str(r.greetingMessage),
            complationMessage: str(r.complationMessage),
            outOfHoursMessage: str(r.outOfHoursMessage),
            ratingMessage: str(r.ratingMessage),
            inactiveMessage: str(r.inactiveMessage),
            maxUseBotQueues: int(r.maxUseBotQueues, 3),
            timeUseBotQueues: int(r.timeUseBotQueues),
            timeSendQueue: int(r.timeSendQueue),
            sendIdQueue: ctx.ref("Queues", r.sendIdQueue) ?? null,
            expiresTicket: int(r.expiresTicket),
            whenExpiresTicket: oneOf(str(r.whenExpiresTicket), ["0", "1"] as const, "0"),
            expiresTicketNPS: int(r.expiresTicketNPS),
            maxUseBotQueuesNPS: int(r.maxUseBotQueuesNPS, 3),
            expiresInactiveMessage: str(r.expiresInactiveMessage),
            timeInactiveMessage: int(r.timeInactiveMessage),
            timeCreateNewTicket: int(r.timeCreateNewTicket),
            allowGroup: bool(r.allowGroup),
            groupAsTicket: oneOf(r.groupAsTicket, ["disabled", "enabled"] as const, "disabled"),
            collectiveVacationStart: strOrNull(r.collectiveVacationStart),
            collectiveVacationEnd: strOrNull(r.collectiveVacationEnd),
            collectiveVacationMessage: str(r.collectiveVacationMessage),
            importOldMessages: strOrNull(r.importOldMessages),
            importRecentMessages: strOrNull(r.importRecentMessages),
            importOldMessagesGroups: bool(r.importOldMessagesGroups),
            closedTicketsPostImported: bool(r.closedTicketsPostImported),
            queueIdImportMessages: ctx.ref("Queues", r.queueIdImportMessages) ?? null,
            ...(hours ? { schedules: hours } : {}),
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      });
    }
    return out;
  },
};

/** Which queues a connection serves (a link). */
export const whatsappQueuesStep: Step = {
  table: "WhatsappQueues",
  known: ["whatsappId", "queueId", ...TIMESTAMPS],
  required: ["whatsappId", "queueId"],
  scope: `"whatsappId" IN (SELECT "id" FROM "Whatsapps" WHERE "companyId" = $company)`,
  key: ["whatsappId", "queueId"],
  mapped: false,
  refs: { whatsappId: "Whatsapps", queueId: "Queues" },
  async map(rows, ctx) {
    return rows.map((r): Outcome => {
      const whatsappId = ctx.ref("Whatsapps", r.whatsappId);
      const queueId = ctx.ref("Queues", r.queueId);
      if (!whatsappId || !queueId) return { source: null, skip: "its connection or queue was not imported" };
      return { source: null, insert: { table: whatsappQueues, values: { companyId: ctx.companyId!, whatsappId, queueId } } };
    });
  },
};
