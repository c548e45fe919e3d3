import { eq, sql } from "drizzle-orm";
import { companies, plans, profiles, recurrences, toggles, users } from "../../../core/db/tables.ts";
import { companySchedules } from "../../../plugins/companies/schema/tables.ts";
import { userDefaultConnections } from "../../../plugins/connections/schema/tables.ts";
import { planFeatures } from "../../../plugins/plans/schema/tables.ts";
import { userFarewellMessages } from "../../../plugins/tickets/schema/tables.ts";
import type { Outcome, Step, Write } from "../step.ts";
import { bool, day, int, iso, isoOrNow, oneOf, str, week } from "./values.ts";

const TIMESTAMPS = ["createdAt", "updatedAt"];
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The plan flags of the source; each becomes a plan feature switch (plans plugin). */
const PLAN_FLAGS = ["useWhatsapp", "useFacebook", "useInstagram", "useCampaigns", "useSchedules", "useInternalChat", "useExternalApi", "useKanban", "useOpenAi", "useIntegrations"];

/** Plans (global): matched by name to a plan we already have, else created with their flags. */
export const plansStep: Step = {
  table: "Plans",
  known: ["id", "name", "users", "connections", "queues", "amount", "isPublic", ...PLAN_FLAGS, "recurrence", "trial", "trialDays", ...TIMESTAMPS],
  required: ["id", "name"],
  scope: null,
  key: ["id"],
  mapped: true,
  async map(rows, ctx) {
    const out: Outcome[] = [];
    for (const r of rows) {
      const name = str(r.name).trim();
      const [found] = await ctx.tx.select({ id: plans.id }).from(plans).where(eq(plans.name, name));
      if (found) {
        out.push({ source: Number(r.id), existing: found.id });
        continue;
      }
      const id = await ctx.newId(plans);
      const amount = Number.parseFloat(str(r.amount, "0").replace(",", "."));
      const also: Write[] = PLAN_FLAGS.filter((k) => r[k] !== undefined && r[k] !== null).map((key) => ({
        table: planFeatures,
        values: { planId: id, key, enabled: bool(r[key], true) },
      }));
      out.push({
        source: Number(r.id),
        insert: {
          table: plans,
          values: {
            id,
            name,
            users: int(r.users),
            connections: int(r.connections),
            queues: int(r.queues),
            amount: Number.isFinite(amount) ? amount : 0,
            isPublic: bool(r.isPublic, true),
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
        also,
      });
    }
    return out;
  },
};

/**
 * Companies, one per source company: a company we already have under the same name (the
 * platform's "Empresa 1") takes the source's rows as is; a new one gets its office hours and
 * the default settings a company created here gets.
 */
export const companiesStep: Step = {
  table: "Companies",
  known: [
    "id",
    "name",
    "phone",
    "email",
    "planId",
    "status",
    "schedules",
    "dueDate",
    "recurrence",
    "document",
    "paymentMethod",
    "lastLogin",
    "folderSize",
    "numberFileFolder",
    "updatedAtFolder",
    ...TIMESTAMPS,
  ],
  required: ["id", "name"],
  scope: `"id" = $company`,
  key: ["id"],
  mapped: true,
  refs: { planId: "Plans" },
  async map(rows, ctx) {
    const out: Outcome[] = [];
    for (const r of rows) {
      const name = str(r.name).trim();
      const [found] = await ctx.tx.select({ id: companies.id }).from(companies).where(sql`lower(${companies.name}) = lower(${name})`);
      if (found) {
        out.push({ source: Number(r.id), existing: found.id });
        continue;
      }
      const id = await ctx.newId(companies);
      const hours = week(r.schedules) ?? [];
      out.push({
        source: Number(r.id),
        insert: {
          table: companies,
          values: {
            id,
            name,
            email: str(r.email),
            phone: str(r.phone),
            planId: ctx.ref("Plans", r.planId) ?? null,
            status: bool(r.status, true),
            dueDate: day(r.dueDate),
            recurrence: oneOf(r.recurrence, recurrences, "MENSAL"),
            document: str(r.document),
            paymentMethod: str(r.paymentMethod),
            lastLogin: iso(r.lastLogin),
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
        also: hours.map((h) => ({ table: companySchedules, values: { companyId: id, ...h } })),
        after: (tx) => ctx.kernel.settings.seedCompany(id, tx),
      });
    }
    return out;
  },
};

/**
 * Users with their bcrypt hashes as they are (the login accepts them and rehashes to argon2id
 * on the first success), their default connection and farewell message. An e-mail we already have keeps our user. `super` only lands in the
 * platform's company: a source super user of another company becomes its admin.
 */
export const usersStep: Step = {
  table: "Users",
  known: [
    "id",
    "name",
    "email",
    "passwordHash",
    "profile",
    "super",
    "companyId",
    "startWork",
    "endWork",
    "allTicket",
    "allowGroup",
    "defaultTheme",
    "defaultMenu",
    "allHistoric",
    "allUserChat",
    "userClosePendingTicket",
    "showDashboard",
    "allowRealTime",
    "allowConnections",
    "tokenVersion",
    "online",
    "color",
    "farewellMessage",
    "whatsappId",
    "profileImage",
    "defaultTicketsManagerWidth",
    ...TIMESTAMPS,
  ],
  required: ["id", "email", "passwordHash", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  refs: { whatsappId: "Whatsapps" },
  async map(rows, ctx) {
    const out: Outcome[] = [];
    const [platform] = await ctx.tx.select({ companyId: users.companyId }).from(users).where(eq(users.super, true)).orderBy(users.id).limit(1);
    for (const r of rows) {
      const email = str(r.email).trim().toLowerCase();
      if (!email) {
        out.push({ source: Number(r.id), skip: "no e-mail", permanent: true });
        continue;
      }
      const [found] = await ctx.tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
      if (found) {
        out.push({ source: Number(r.id), existing: found.id });
        continue;
      }
      const companyId = ctx.companyId!;
      const time = (v: unknown, fallback: string) => (typeof v === "string" && HHMM.test(v) ? v : fallback);
      const id = await ctx.newId(users);
      // The default connection and the user's own farewell live in the plugins that use them.
      const whatsappId = ctx.ref("Whatsapps", r.whatsappId);
      const farewell = str(r.farewellMessage).trim();
      const also: Write[] = [
        ...(whatsappId ? [{ table: userDefaultConnections, values: { userId: id, companyId, whatsappId } }] : []),
        ...(farewell ? [{ table: userFarewellMessages, values: { userId: id, companyId, message: farewell } }] : []),
      ];
      out.push({
        source: Number(r.id),
        also,
        insert: {
          table: users,
          values: {
            id,
            companyId,
            name: str(r.name, email),
            email,
            passwordHash: str(r.passwordHash),
            profile: oneOf(r.profile, profiles, "user"),
            super: bool(r.super) && companyId === platform?.companyId,
            startWork: time(r.startWork, "00:00"),
            endWork: time(r.endWork, "23:59"),
            allTicket: oneOf(r.allTicket, ["enable", "disable"] as const, "disable"),
            allowGroup: bool(r.allowGroup),
            defaultTheme: oneOf(r.defaultTheme, ["light", "dark"] as const, "light"),
            defaultMenu: oneOf(r.defaultMenu, ["open", "closed"] as const, "open"),
            allHistoric: oneOf(r.allHistoric, toggles, "disabled"),
            allUserChat: oneOf(r.allUserChat, toggles, "disabled"),
            userClosePendingTicket: oneOf(r.userClosePendingTicket, toggles, "disabled"),
            showDashboard: oneOf(r.showDashboard, toggles, "disabled"),
            allowRealTime: oneOf(r.allowRealTime, toggles, "disabled"),
            allowConnections: oneOf(r.allowConnections, toggles, "disabled"),
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      });
    }
    return out;
  },
};
