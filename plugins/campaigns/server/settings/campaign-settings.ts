import { z } from "@hono/zod-openapi";
import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../../core/db/database.ts";
import { campaignSettings } from "../../schema/tables.ts";
import { isTimeZone } from "../../../../core/time/index.ts";
import { serverTimeZone } from "../shipping/send-window.ts";

/** A custom variable a campaign text names as `{key}` (spec 002 §3 "variables"). */
export const Variable = z.object({
  key: z
    .string()
    .trim()
    .min(1, "Required")
    .max(50, "Too Long!")
    .regex(/^[\p{L}\p{N}_]+$/u, "Invalid value"),
  value: z.string().max(1_000, "Too Long!"),
});

const hour = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/, "Invalid value");

/**
 * The keys and bounds of spec 002 §3 / §9: messageInterval 0–120 s, longerIntervalAfter 0 or
 * 5–60 messages, greaterInterval 0 or 20–180 s in steps of 10, hours as HH:MM.
 */
export const CampaignSettingsShape = z.object({
  messageInterval: z.coerce.number().int("Invalid value").min(0, "Invalid value").max(120, "Invalid value"),
  longerIntervalAfter: z.coerce
    .number()
    .int("Invalid value")
    .refine((v) => v === 0 || (v >= 5 && v <= 60), "Invalid value"),
  greaterInterval: z.coerce
    .number()
    .int("Invalid value")
    .refine((v) => v === 0 || (v >= 20 && v <= 180 && v % 10 === 0), "Invalid value"),
  variables: z.array(Variable).max(50, "Too Long!"),
  sabado: z.boolean(),
  domingo: z.boolean(),
  startHour: hour,
  endHour: hour,
  /** Beyond the spec: campaign messages a connection may send per day (company time zone); 0 = no cap. */
  dailyLimit: z.coerce.number().int("Invalid value").min(0, "Invalid value").max(1_000_000, "Invalid value"),
  /** Opt-out (beyond the spec): a customer's message that is one of these words, folded, suppresses the number. */
  stopWords: z.array(z.string().trim().min(1, "Required").max(30, "Too Long!")).max(30, "Too Long!"),
  /** The one confirmation a customer gets after opting out. */
  optOutReply: z.string().trim().min(1, "Required").max(1_000, "Too Long!"),
  /** Beyond the spec: the IANA time zone of the hours, weekends, daily cap and wall-clock schedules. */
  timezone: z.string().trim().max(100, "Too Long!").refine(isTimeZone, "Invalid value"),
});
export type CampaignSettingsValues = z.infer<typeof CampaignSettingsShape>;

/** Spec 002 §9's defaults. */
export const SETTINGS_DEFAULTS: CampaignSettingsValues = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  sabado: false,
  domingo: false,
  startHour: "09:00",
  endHour: "18:00",
  dailyLimit: 0,
  stopWords: ["SAIR", "PARAR", "STOP", "CANCELAR"],
  optOutReply: "Pronto: você não receberá mais nossas campanhas.",
  timezone: serverTimeZone(),
};

type Key = keyof CampaignSettingsValues;
const KEYS = Object.keys(SETTINGS_DEFAULTS) as Key[];

/**
 * Campaign settings per company, one row per key with its value as JSON text (what the
 * spec's client parses). Keys never written answer their default.
 */
export class CampaignSettingsStore {
  constructor(private db: Db) {}

  /** GET /campaign-settings: every key, stored or default, as `{ key, value }` with JSON values. */
  async list(companyId: number): Promise<{ key: string; value: string }[]> {
    const values = await this.values(companyId);
    return KEYS.map((key) => ({ key, value: JSON.stringify(values[key]) }));
  }

  /** The settings as values (the shipping job's read). */
  async values(companyId: number, tx: DbOrTx = this.db): Promise<CampaignSettingsValues> {
    const rows = await tx.select({ key: campaignSettings.key, value: campaignSettings.value }).from(campaignSettings).where(eq(campaignSettings.companyId, companyId));
    const out: Record<string, unknown> = { ...SETTINGS_DEFAULTS };
    for (const row of rows) {
      if (!(KEYS as string[]).includes(row.key)) continue;
      const parsed = CampaignSettingsShape.shape[row.key as Key].safeParse(safeJson(row.value));
      if (parsed.success) out[row.key] = parsed.data;
    }
    return out as CampaignSettingsValues;
  }

  /** POST /campaign-settings: the keys given are stored (upserted), the others kept. */
  async save(companyId: number, settings: Partial<CampaignSettingsValues>): Promise<{ key: string; value: string }[]> {
    const entries = Object.entries(settings).filter(([, v]) => v !== undefined);
    if (entries.length)
      await this.db
        .insert(campaignSettings)
        .values(entries.map(([key, value]) => ({ companyId, key, value: JSON.stringify(value) })))
        .onConflictDoUpdate({ target: [campaignSettings.companyId, campaignSettings.key], set: { value: sql`excluded.value`, updatedAt: new Date().toISOString() } });
    return this.list(companyId);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
