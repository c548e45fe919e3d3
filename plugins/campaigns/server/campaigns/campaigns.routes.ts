import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema } from "../../../../core/http/schemas.ts";
import { manifest } from "../../plugin.ts";
import { CampaignSettingsShape } from "../settings/campaign-settings.ts";
import { Campaign, CampaignInput, CampaignPage, CampaignPatch, CampaignQuery, CampaignReport, MediaUpload } from "./campaigns.schemas.ts";

const route = routeFactory(manifest);
const notFound = { 404: errorResponse("ERR_NO_CAMPAIGN_FOUND (or another company's)") };
const refs = { 404: errorResponse("ERR_NO_CAMPAIGN_FOUND, ERR_NO_WAPP_FOUND, ERR_NO_CONTACT_LIST_FOUND or ERR_NO_USER_FOUND (each the company's own)") };
const locked = { 400: errorResponse("ERR_CAMPAIGN_NOT_EDITABLE (spec 002 §4.1), or ERR_VALIDATION") };

export const list = route({
  method: "get",
  path: "/campaigns",
  access: "admin",
  description: "A page of 20 of the company's campaigns, newest first; searchParam matches the name.",
  request: { query: CampaignQuery },
  responses: { 200: json(CampaignPage, "A page of campaigns") },
});

export const show = route({
  method: "get",
  path: "/campaigns/{id}",
  access: "admin",
  request: { params: IdParam },
  responses: { 200: json(Campaign, "One campaign"), ...notFound },
});

export const create = route({
  method: "post",
  path: "/campaigns",
  access: "admin",
  description:
    "Creates a campaign (defaults: INATIVA, openTicket disabled, statusTicket closed). With scheduledAt it is PROGRAMADA and starts then. With openTicket disabled, userId and queueId are dropped; a user needs a queue.",
  request: body(CampaignInput),
  responses: { 200: json(Campaign, "The created campaign"), ...refs, 400: errorResponse("ERR_VALIDATION") },
});

export const update = route({
  method: "put",
  path: "/campaigns/{id}",
  access: "admin",
  description: "Changes a campaign while INATIVA, or PROGRAMADA more than 1 hour ahead; a CANCELADA one takes only its messages (spec 002 §4.1).",
  request: { params: IdParam, ...body(CampaignPatch) },
  responses: { 200: json(Campaign, "The updated campaign"), ...refs, ...locked },
});

export const remove = route({
  method: "delete",
  path: "/campaigns/{id}",
  access: "admin",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted"), ...notFound },
});

export const cancel = route({
  method: "post",
  path: "/campaigns/{id}/cancel",
  access: "admin",
  description: "EM_ANDAMENTO → CANCELADA: no message leaves after it.",
  request: { params: IdParam },
  responses: { 200: json(Campaign, "The cancelled campaign"), ...notFound, 400: errorResponse("ERR_CAMPAIGN_NOT_IN_PROGRESS") },
});

export const restart = route({
  method: "post",
  path: "/campaigns/{id}/restart",
  access: "admin",
  description: "CANCELADA → EM_ANDAMENTO: goes on with the targets not sent yet (none twice).",
  request: { params: IdParam },
  responses: { 200: json(Campaign, "The running campaign"), ...notFound, 400: errorResponse("ERR_CAMPAIGN_NOT_CANCELLED") },
});

export const report = route({
  method: "get",
  path: "/campaigns/{id}/report",
  access: "admin",
  description: "The campaign and its shipping counts (spec 002 §2.4): contacts, valid, delivered, confirmationRequested, confirmed, per variant.",
  request: { params: IdParam },
  responses: { 200: json(CampaignReport, "The report"), ...notFound },
});

export const uploadMedia = route({
  method: "post",
  path: "/campaigns/{id}/media-upload",
  access: "admin",
  request: { params: IdParam, body: { content: { "multipart/form-data": { schema: MediaUpload } }, required: true } },
  responses: {
    200: json(Campaign, "The campaign with its attachment (any type, at most 20 MB; spaces in the name become underscores)"),
    ...notFound,
    ...locked,
    413: errorResponse("ERR_PAYLOAD_TOO_LARGE (over 20 MB)"),
  },
});

export const deleteMedia = route({
  method: "delete",
  path: "/campaigns/{id}/media-upload",
  access: "admin",
  request: { params: IdParam },
  responses: { 200: json(Campaign, "The campaign without its attachment"), ...notFound, ...locked },
});

const SettingRow = z.object({ key: z.string(), value: z.string().openapi({ description: "The value as JSON text" }) }).openapi("CampaignSetting");

export const getSettings = route({
  method: "get",
  path: "/campaign-settings",
  access: "admin",
  description: "Every campaign setting of the company (spec 002 §3, defaults §9) as { key, value } with the value as JSON text.",
  responses: { 200: json(z.array(SettingRow), "The settings") },
});

export const saveSettings = route({
  method: "post",
  path: "/campaign-settings",
  access: "admin",
  description: "Stores the settings given (spec 002 §9 bounds); keys left out keep their value.",
  request: body(z.object({ settings: CampaignSettingsShape.partial() }).openapi("CampaignSettingsInput")),
  responses: { 200: json(z.array(SettingRow), "The settings after the change"), 400: errorResponse("ERR_VALIDATION") },
});
