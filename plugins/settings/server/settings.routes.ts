import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, jsonBody as body, jsonResponse as json } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import {
  CertForm,
  CertQuery,
  ColumnQuery,
  CompanyIdParam,
  CompanySettingInput,
  CompanySettings,
  KeyParam,
  LogoForm,
  PaymentProviders,
  PublicSettingQuery,
  Setting,
  SettingInput,
} from "./settings.schemas.ts";

const route = routeFactory(manifest);
const multipart = <T extends z.ZodType>(schema: T) => ({ body: { content: { "multipart/form-data": { schema } }, required: true } });
const uploadErrors = { 413: errorResponse("ERR_PAYLOAD_TOO_LARGE"), 415: errorResponse("ERR_UNSUPPORTED_MEDIA_TYPE") };

export const list = route({
  method: "get",
  path: "/settings",
  access: "admin",
  // Read by the shell at start: an overdue company still loads it (spec 001 §4).
  whenOverdue: "allow",
  description: "The company's options plus the platform settings the caller may read (credentials: super user only).",
  responses: { 200: json(z.array(Setting), "Settings as key/value pairs") },
});

export const update = route({
  method: "put",
  path: "/settings/{key}",
  access: "admin",
  description: "Changes one setting: a company option (admin) or a platform setting (super user).",
  request: { params: KeyParam, ...body(SettingInput) },
  responses: { 200: json(Setting, "The saved setting") },
});

export const show = route({
  method: "get",
  path: "/setting/{key}",
  access: "admin",
  // Read by the shell at start: an overdue company still loads it (spec 001 §4).
  whenOverdue: "allow",
  request: { params: KeyParam },
  responses: { 200: json(Setting, "One setting") },
});

export const publicShow = route({
  method: "get",
  path: "/public-settings/{key}",
  access: "public",
  description: "A public platform setting (branding, allowSignup), answered as a JSON string.",
  request: { params: KeyParam, query: PublicSettingQuery },
  responses: { 200: json(z.string(), "The value"), 404: errorResponse("ERR_NO_SETTING_FOUND") },
});

export const companyAll = route({
  method: "get",
  path: "/companySettings/{id}",
  // Any signed-in user of the company reads its options, as the original clients do (issue 32);
  // company secrets read as the mask for everyone, so nothing here is an admin's only.
  access: "user",
  // Read by the shell at start: an overdue company still loads it (spec 001 §4).
  whenOverdue: "allow",
  description:
    "Every option of a company: any user's own company (secrets answer `********` when set), or any company for the super user; another company's id is ERR_NO_COMPANY_FOUND.",
  request: { params: CompanyIdParam },
  responses: { 200: json(CompanySettings, "The company's options") },
});

export const companyOne = route({
  method: "get",
  path: "/companySettingOne",
  access: "user",
  // Read by the shell at start: an overdue company still loads it (spec 001 §4).
  whenOverdue: "allow",
  request: { query: ColumnQuery },
  responses: { 200: json(Setting, "One option of the caller's company") },
});

export const companyUpdate = route({
  method: "put",
  path: "/companySettings",
  access: "admin",
  description: "Changes one option of the caller's company (saved on change by the settings screen).",
  request: body(CompanySettingInput),
  responses: { 200: json(Setting, "The saved option") },
});

export const paymentProviders = route({
  method: "get",
  path: "/companySettingOnePayment",
  access: "super",
  responses: { 200: json(PaymentProviders, "Which payment providers are configured") },
});

export const logo = route({
  method: "post",
  path: "/settings-whitelabel/logo",
  access: "super",
  description: "Uploads a whitelabel logo (mode Light, Dark or Favicon) and answers its stored file name.",
  request: multipart(LogoForm),
  responses: { 200: json(z.string(), "The stored file name"), ...uploadErrors },
});

export const certificate = route({
  method: "post",
  path: "/settings/cert-upload",
  access: "super",
  description: "Keeps the PIX certificate (.p12) for a destination, outside the public media folder.",
  request: { query: CertQuery, ...multipart(CertForm) },
  responses: { 200: { description: "'Arquivo Anexado'", content: { "text/plain": { schema: z.string() } } }, ...uploadErrors },
});
