/**
 * The settings API's request and response types, inferred from the server's zod schemas so
 * the web client never restates a server shape. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type { CompanySettingInput, CompanySettings as CompanySettingsSchema, LogoForm, Setting as SettingSchema, SettingInput } from "../server/settings.schemas.ts";

/** One `{ key, value }` setting as the API answers it. */
export type Setting = z.infer<typeof SettingSchema>;
/** GET /companySettings/{companyId}: every option of the company, column -> data. */
export type CompanySettings = z.infer<typeof CompanySettingsSchema>;
/** What PUT /settings/{key} takes. */
export type SettingChange = z.input<typeof SettingInput>;
/** What PUT /companySettings takes. */
export type CompanySettingPayload = z.input<typeof CompanySettingInput>;
/** Which logo POST /settings-whitelabel/logo replaces. */
export type LogoMode = z.input<typeof LogoForm>["mode"];
