import { z } from "@hono/zod-openapi";
import { FileField, pathId } from "../../../core/http/schemas.ts";
import { CERT_DESTINATIONS, LOGO_MODES } from "./settings.uploads.ts";

export const Setting = z.object({ key: z.string(), value: z.string() }).openapi("Setting");

/** Values are kept as text; booleans and numbers from forms are accepted and turned into text. */
const Value = z.union([z.string(), z.number(), z.boolean()], "Required");

export const KeyParam = z.object({
  key: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "key", in: "path" }, example: "userCreation" }),
});
export const CompanyIdParam = z.object({
  id: pathId("id"),
});

export const SettingInput = z.object({ value: Value }).openapi("SettingInput");

export const PublicSettingQuery = z.object({
  /** Sent by the spec's client; public settings need no credentials, so it is ignored. */
  token: z.string().optional(),
});

export const ColumnQuery = z.object({ column: z.string().min(1, "Required").max(100) });

export const CompanySettingInput = z.object({ column: z.string().min(1, "Required").max(100), data: Value }).openapi("CompanySettingInput");

export const CompanySettings = z.record(z.string(), z.string()).openapi("CompanySettings", {
  description: "Every option of the company, column -> data",
  example: { userRating: "disabled", scheduleType: "disabled", chatBotType: "text" },
});

export const PaymentProviders = z
  .object({
    efi: z.boolean(),
    mercadopago: z.boolean(),
    stripe: z.boolean(),
    asaas: z.boolean(),
    pix: z.boolean().openapi({ description: "The static PIX key is set (billing's provider-less option)" }),
  })
  .openapi("PaymentProviders", { description: "Which providers have their credentials set" });

export const LogoForm = z
  .object({
    typeArch: z.literal("logo", "Must be logo").optional(),
    mode: z.enum(LOGO_MODES, `Must be one of ${LOGO_MODES.join(", ")}`),
    file: FileField,
  })
  .openapi("WhitelabelLogoUpload");

export const CertQuery = z.object({
  ref: z.enum(CERT_DESTINATIONS, `Must be one of ${CERT_DESTINATIONS.join(", ")}`),
});
export const CertForm = z.object({ file: FileField }).openapi("CertificateUpload");
