import { routeFactory } from "../../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema } from "../../../../core/http/schemas.ts";
import { manifest } from "../../plugin.ts";
import { Suppression, SuppressionInput, SuppressionPage, SuppressionQuery } from "./suppressions.schemas.ts";

const route = routeFactory(manifest);

export const list = route({
  method: "get",
  path: "/campaign-suppressions",
  access: "admin",
  description: "The company's opt-out list, 20 a page, newest first; searchParam matches the number. Every campaign skips these numbers.",
  request: { query: SuppressionQuery },
  responses: { 200: json(SuppressionPage, "A page of suppressed numbers") },
});

export const create = route({
  method: "post",
  path: "/campaign-suppressions",
  access: "admin",
  description: "Adds a number to the opt-out list (a number already there answers its row).",
  request: body(SuppressionInput),
  responses: { 200: json(Suppression, "The suppressed number"), 400: errorResponse("ERR_VALIDATION") },
});

export const remove = route({
  method: "delete",
  path: "/campaign-suppressions/{id}",
  access: "admin",
  description: "Takes a number off the opt-out list: later campaigns send to it again.",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Removed"), 404: errorResponse("ERR_NO_SUPPRESSION_FOUND (or another company's)") },
});
