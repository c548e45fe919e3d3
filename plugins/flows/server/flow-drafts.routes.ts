import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { FlowDraft, FlowDraftBody, FlowDraftOrNull } from "./flow-drafts.schemas.ts";

const route = routeFactory(manifest);
const notFound = { 404: errorResponse("ERR_NO_FLOW_FOUND (or another company's)") };

export const getDraft = route({
  method: "get",
  path: "/flowbuilder/{id}/draft",
  access: "user",
  request: { params: IdParam },
  responses: { 200: json(FlowDraftOrNull, "The flow's unpublished draft, null when it has none"), ...notFound },
});

export const putDraft = route({
  method: "put",
  path: "/flowbuilder/{id}/draft",
  access: "admin",
  description:
    "Keeps the editor's graph as the flow's draft without publishing it (conversations keep running the published version; only the editor and its test panel use the draft). Checked like POST /flowbuilder/flow (ERR_VALIDATION naming the field). Publishing deletes the draft.",
  request: { params: IdParam, ...body(FlowDraftBody) },
  responses: { 200: json(FlowDraft, "The draft as kept"), ...notFound },
});

export const deleteDraft = route({
  method: "delete",
  path: "/flowbuilder/{id}/draft",
  access: "admin",
  description: "Discards the flow's draft (the editor goes back to the published version).",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Discarded (also when there was none)"), ...notFound },
});
