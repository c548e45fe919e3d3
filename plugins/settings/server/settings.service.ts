import { eq } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import { companies } from "../../../core/db/tables.ts";
import type { UserRow } from "../../../core/db/rows.ts";
import { AppError } from "../../../core/errors.ts";
import type { EventBus } from "../../../core/events/bus.ts";
import type { OutboundGuard } from "../../../core/net/outbound-guard.ts";
import type { Realtime } from "../../../core/realtime/realtime.ts";
import type { Vault } from "../../../core/auth/vault.ts";
import { PLATFORM_COMPANY_ID, type SettingsService as KernelSettings } from "../../../core/settings/settings.ts";
import { companyByKey, platformByKey, requiredMessages, SECRET_MASK, type CatalogEntry } from "./settings.catalog.ts";

/** A company value as reads show it: secrets only say whether they are set. */
const shown = (key: string, value: string): string => (companyByKey.get(key)?.secret ? (value ? SECRET_MASK : "") : value);
import { companySettingsTopic, PLATFORM_SETTINGS_EVENT } from "./settings.events.ts";

export type SettingValue = string | number | boolean;
export interface Setting {
  key: string;
  value: string;
}

/** Forms and older clients send booleans or numbers; settings are kept as text. */
const asText = (v: SettingValue) => (typeof v === "string" ? v : String(v));

/** Checks a value against its key's rule; a bad one is ERR_VALIDATION naming the key. */
export function parseValue(entry: CatalogEntry, raw: SettingValue): string {
  const parsed = entry.value.safeParse(asText(raw));
  if (!parsed.success) throw new AppError("ERR_VALIDATION", { fields: { [entry.key]: parsed.error.issues[0]?.message ?? "Invalid value" } });
  return parsed.data;
}

/**
 * The rules over the kernel's settings store: who reads and writes which key, value
 * checks, the dependent-message rules and the change announcements.
 */
export class SettingsRules {
  constructor(
    private db: Db,
    private store: KernelSettings,
    private realtime: Pick<Realtime, "emit" | "emitAll">,
    private bus: EventBus,
    /** The kernel's SSRF guard (ctx.outbound), for the URLs the server calls. */
    private outbound: Pick<OutboundGuard, "check">,
    /** Seals the payment credentials at rest (catalogue entries marked `sealed`). */
    private vault: Pick<Vault, "seal" | "openText">,
  ) {}

  /**
   * A platform value as stored, opened when its entry is sealed. A value stored before sealing
   * existed is read as it is (and sealed at its next save); one sealed with another key (a
   * changed DATA_ENCRYPTION_KEY) reads as empty, so the operator types it again.
   */
  private async opened(key: string, stored: string): Promise<string> {
    if (!platformByKey.get(key)?.sealed || !/^v1\.[\w-]+\.[\w-]+$/.test(stored)) return stored;
    try {
      return await this.vault.openText(stored);
    } catch {
      return "";
    }
  }

  /** A platform setting's plain value (credentials opened), for the server's own use (the `settings.platformValue` service). */
  async platformValue(key: string): Promise<string> {
    const entry = platformByKey.get(key);
    if (!entry) return "";
    return this.opened(key, (await this.store.globalOne(PLATFORM_COMPANY_ID, key)) ?? entry.default);
  }

  /** What GET /settings shows: the company's options, the platform keys the caller may read. */
  async list(actor: UserRow): Promise<Setting[]> {
    const own = await this.store.companyAll(actor.companyId);
    const company = Object.entries(own)
      .filter(([key]) => companyByKey.has(key))
      .map(([key, value]) => ({ key, value: shown(key, value) }));
    const platform = (await this.store.globalAll(PLATFORM_COMPANY_ID)).filter(({ key }) => this.mayRead(actor, platformByKey.get(key)));
    return [...company, ...(await Promise.all(platform.map(async ({ key, value }) => ({ key, value: await this.opened(key, value) }))))];
  }

  /** One key, company option or platform setting. */
  async one(actor: UserRow, key: string): Promise<Setting> {
    if (companyByKey.has(key)) return { key, value: shown(key, (await this.store.companyOne(actor.companyId, key)) ?? "") };
    const entry = platformByKey.get(key);
    if (!entry) throw new AppError("ERR_NO_SETTING_FOUND");
    if (!this.mayRead(actor, entry)) throw new AppError("ERR_NO_PERMISSION");
    return { key, value: await this.platformValue(key) };
  }

  /** A public platform setting; every other key is "not found" to an anonymous caller. */
  async publicOne(key: string): Promise<string> {
    const entry = platformByKey.get(key);
    if (!entry?.public) throw new AppError("ERR_NO_SETTING_FOUND");
    return (await this.store.globalOne(PLATFORM_COMPANY_ID, key)) ?? entry.default;
  }

  /** PUT /settings/{key}: company options for admins, platform settings for the super user. */
  async set(actor: UserRow, key: string, raw: SettingValue): Promise<Setting> {
    if (companyByKey.has(key)) return this.setCompany(actor.companyId, key, raw);
    const entry = platformByKey.get(key);
    if (!entry) throw new AppError("ERR_NO_SETTING_FOUND");
    if (!actor.super) throw new AppError("ERR_NO_PERMISSION");
    return this.setPlatform(entry, raw);
  }

  async setPlatform(entry: CatalogEntry, raw: SettingValue): Promise<Setting> {
    const value = parseValue(entry, raw);
    await this.store.setGlobal(PLATFORM_COMPANY_ID, entry.key, entry.sealed && value ? await this.vault.seal(value) : value);
    // Credentials never travel on a socket: their change is announced without the value.
    const setting = entry.superOnly ? { key: entry.key } : { key: entry.key, value };
    this.realtime.emitAll(PLATFORM_SETTINGS_EVENT, { action: "update", setting });
    await this.bus.emit("settings.platform.updated", { key: entry.key });
    return { key: entry.key, value };
  }

  /** The company's options as one object (GET /companySettings/{id}). */
  async companyAll(actor: UserRow, companyId: number): Promise<Record<string, string>> {
    // Another company's id is "not found" to anyone but the super user (no probing).
    if (companyId !== actor.companyId && !actor.super) throw new AppError("ERR_NO_COMPANY_FOUND");
    const [exists] = await this.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
    if (!exists) throw new AppError("ERR_NO_COMPANY_FOUND");
    const all = await this.store.companyAll(companyId);
    return Object.fromEntries(
      Object.entries(all)
        .filter(([key]) => companyByKey.has(key))
        .map(([key, value]) => [key, shown(key, value)]),
    );
  }

  async companyOne(companyId: number, column: string): Promise<Setting> {
    if (!companyByKey.has(column)) throw new AppError("ERR_NO_SETTING_FOUND");
    return { key: column, value: shown(column, (await this.store.companyOne(companyId, column)) ?? "") };
  }

  async setCompany(companyId: number, column: string, raw: SettingValue): Promise<Setting> {
    const entry = companyByKey.get(column);
    if (!entry) throw new AppError("ERR_NO_SETTING_FOUND");
    // Saving a form that still shows the mask keeps the stored secret.
    if (entry.secret && raw === SECRET_MASK) return { key: column, value: shown(column, (await this.store.companyOne(companyId, column)) ?? "") };
    const value = parseValue(entry, raw);
    if (entry.outbound && value) await this.outbound.check(value, column);
    await this.ensureMessagesKept(companyId, column, value);
    await this.store.setCompany(companyId, column, value);
    const setting = { key: column, value: shown(column, value) };
    this.realtime.emit(companyId, companySettingsTopic(companyId), { action: "update", setting });
    await this.bus.emit("settings.company.updated", { companyId, key: column, value: shown(column, value) });
    return setting;
  }

  /** Which payment providers have their credentials set (never the credentials). */
  async paymentProviders() {
    const set = async (...keys: string[]) => {
      for (const k of keys) if (!((await this.store.globalOne(PLATFORM_COMPANY_ID, k)) ?? "").trim()) return false;
      return true;
    };
    return {
      efi: await set("eficlientid", "eficlientsecret", "efichavepix"),
      mercadopago: await set("mpaccesstoken"),
      stripe: await set("stripeprivatekey"),
      asaas: await set("asaastoken"),
      pix: await set("pixstatickey"),
    };
  }

  private mayRead(actor: UserRow, entry: CatalogEntry | undefined): boolean {
    return Boolean(entry) && (actor.super || !entry!.superOnly);
  }

  /** A message its toggle needs may not be emptied while the toggle asks for it. */
  private async ensureMessagesKept(companyId: number, column: string, value: string): Promise<void> {
    const rule = requiredMessages.find((r) => r.message === column);
    if (!rule || value.trim()) return;
    if ((await this.store.companyOne(companyId, rule.toggle)) === rule.when) throw new AppError("ERR_VALIDATION", { fields: { [column]: "Required" } });
  }
}
