import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json } from "../../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { Card, CardInput } from "./cards.schemas.ts";

/** Every route inherits the manifest's planFlag: ERR_PLAN_FEATURE_DISABLED unless the company's plan has useScratchBoard. */
const route = routeFactory(manifest);

export const board = route({
  method: "get",
  path: "/scratch-board",
  access: "user",
  responses: { 200: json(z.object({ cards: z.array(Card) }), "The company's cards") },
});

export const show = route({
  method: "get",
  path: "/scratch-board/{id}",
  access: "user",
  request: { params: IdParam },
  responses: { 200: json(Card, "One card"), 404: errorResponse("ERR_NO_SCRATCH_CARD_FOUND (or another company's)") },
});

export const create = route({
  method: "post",
  path: "/scratch-board",
  access: "user",
  description: "Adds a card; the plugin's job stamps it afterwards.",
  request: body(CardInput),
  responses: { 200: json(Card, "The created card"), 409: errorResponse("ERR_SCRATCH_CARD_DUPLICATE") },
});
