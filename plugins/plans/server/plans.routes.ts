import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../core/http/route.ts";
import { IdParam, jsonBody as body, jsonResponse as json, MessageSchema } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import type { PlanSchemas } from "./plans.schemas.ts";

const route = routeFactory(manifest);

/**
 * The plans routes. Built at boot, not at import: their schemas carry one boolean per
 * declared plan feature (plans.schemas.ts).
 */
export function planRoutes({ Plan, PlanInput, PlanPatch }: PlanSchemas) {
  const listPublic = route({
    method: "get",
    path: "/plans/list",
    access: "public",
    responses: { 200: json(z.array(Plan), "The public plans, for the signup form") },
  });

  const listAll = route({
    method: "get",
    path: "/plans/all",
    access: "super",
    responses: { 200: json(z.array(Plan), "Every plan, public or not") },
  });

  const show = route({
    method: "get",
    path: "/plans/{id}",
    access: "super",
    request: { params: IdParam },
    responses: { 200: json(Plan, "One plan") },
  });

  const create = route({
    method: "post",
    path: "/plans",
    access: "super",
    request: body(PlanInput),
    responses: { 200: json(Plan, "The created plan"), 409: json(z.object({ error: z.string() }), "ERR_DUPLICATED_NAME") },
  });

  const update = route({
    method: "put",
    path: "/plans/{id}",
    access: "super",
    request: { params: IdParam, ...body(PlanPatch) },
    responses: { 200: json(Plan, "The updated plan"), 409: json(z.object({ error: z.string() }), "ERR_DUPLICATED_NAME") },
  });

  const remove = route({
    method: "delete",
    path: "/plans/{id}",
    access: "super",
    request: { params: IdParam },
    responses: { 200: json(MessageSchema, "Deleted"), 409: json(z.object({ error: z.string() }), "ERR_PLAN_IN_USE: a company is on this plan") },
  });
  return { listPublic, listAll, show, create, update, remove };
}
