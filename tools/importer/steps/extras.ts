import { and, eq, sql } from "drizzle-orm";
import { companies, settings } from "../../../core/db/tables.ts";
import { quickMessages } from "../../../plugins/quick-messages/schema/tables.ts";
import type { Outcome, Step } from "../step.ts";
import { bool, isoOrNow, str } from "./values.ts";

const TIMESTAMPS = ["createdAt", "updatedAt"];

/** Quick replies with their attachment (`company{id}/quickMessage/`); a shortcode we already have keeps ours. */
export const quickMessagesStep: Step = {
  table: "QuickMessages",
  known: ["id", "shortcode", "message", "companyId", "userId", "mediaPath", "mediaName", "geral", "visao", ...TIMESTAMPS],
  required: ["id", "shortcode", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  refs: { userId: "Users" },
  async map(rows, ctx) {
    const companyId = ctx.companyId!;
    const out: Outcome[] = [];
    for (const r of rows) {
      const shortcode = str(r.shortcode).trim();
      const [found] = await ctx.tx
        .select({ id: quickMessages.id })
        .from(quickMessages)
        .where(and(eq(quickMessages.companyId, companyId), sql`lower(${quickMessages.shortcode}) = lower(${shortcode})`));
      if (found) {
        out.push({ source: Number(r.id), existing: found.id });
        continue;
      }
      // `company{id}/quickMessage/{mediaName}` (the documented layout); forks that kept the
      // stored name apart name it in mediaPath.
      const names = [...new Set([str(r.mediaName), str(r.mediaPath)].filter(Boolean))];
      const file = names[0] ?? "";
      const stored = file
        ? await ctx.media.copyFirst(
            names.map((n) => `company${ctx.sourceCompanyId}/quickMessage/${n}`),
            companyId,
          )
        : null;
      out.push({
        source: Number(r.id),
        insert: {
          table: quickMessages,
          values: {
            id: await ctx.newId(quickMessages),
            companyId,
            userId: ctx.ref("Users", r.userId) ?? null,
            shortcode,
            message: str(r.message),
            mediaPath: stored,
            mediaName: stored ? str(r.mediaName, file).replace(/\s/g, "_") : null,
            geral: bool(r.geral),
            visao: bool(r.visao, true),
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      });
    }
    return out;
  },
};

/** Key/value settings per company (a key we already have keeps our value). */
export const settingsStep: Step = {
  table: "Settings",
  known: ["id", "key", "value", "companyId", ...TIMESTAMPS],
  required: ["key", "value", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: false,
  async map(rows, ctx) {
    return rows.map((r): Outcome => ({ source: null, insert: { table: settings, values: { companyId: ctx.companyId!, key: str(r.key), value: str(r.value) } } }));
  },
};

/** The company options of `CompaniesSettings` (one column each), written over the defaults a company gets. */
const COMPANY_OPTIONS = [
  "hoursCloseTicketsAuto",
  "chatBotType",
  "acceptCallWhatsapp",
  "userRandom",
  "sendGreetingMessageOneQueues",
  "sendSignMessage",
  "sendFarewellWaitingTicket",
  "userRating",
  "sendGreetingAccepted",
  "CheckMsgIsGroup",
  "sendQueuePosition",
  "scheduleType",
  "acceptAudioMessageContact",
  "enableLGPD",
  "sendMsgTransfTicket",
  "requiredTag",
  "lgpdDeleteMessage",
  "lgpdHideNumber",
  "lgpdConsent",
  "lgpdLink",
  "lgpdMessage",
  "DirectTicketsToWallets",
  "closeTicketOnTransfer",
  "transferMessage",
  "greetingAcceptedMessage",
  "AcceptCallWhatsappMessage",
  "sendQueuePositionMessage",
  "showNotificationPending",
];

export const companySettingsStep: Step = {
  table: "CompaniesSettings",
  known: ["id", "companyId", ...COMPANY_OPTIONS, ...TIMESTAMPS],
  required: ["id", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  async map(rows, ctx) {
    const companyId = ctx.companyId!;
    return rows.map(
      (r): Outcome => ({
        source: Number(r.id),
        // An update of the company's settings: counted as imported (then as existing by a later run).
        update: { table: companies, id: companyId, values: {} },
        after: async (tx) => {
          for (const column of COMPANY_OPTIONS)
            if (r[column] !== undefined && r[column] !== null)
              await ctx.kernel.settings.setCompany(companyId, column, str(typeof r[column] === "boolean" ? (r[column] ? "enabled" : "disabled") : r[column]), tx);
        },
      }),
    );
  },
};
