import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema, PageQuery } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import {
  Company,
  CompanyDetail,
  CompanyIdParam,
  CompanyInput,
  CompanyPage,
  CompanyPatch,
  CompanyPlanPage,
  type companyWithPlanSchema,
  SchedulesBody,
} from "./companies.schemas.ts";

const route = routeFactory(manifest);

export const page = route({
  method: "get",
  path: "/companies",
  access: "super",
  request: { query: PageQuery },
  responses: { 200: json(CompanyPage, "A page of companies, newest first") },
});

export const listAll = route({
  method: "get",
  path: "/companies/list",
  access: "super",
  responses: { 200: json(z.array(Company), "Every company, by name") },
});

const planPageConfig = {
  method: "get",
  access: "super",
  request: { query: PageQuery },
  responses: { 200: json(CompanyPlanPage, "A page of companies with plan, storage usage and last login") },
} as const;

/** The spec's path has a trailing slash; the bare path answers the same (hidden from the docs). */
export const planPage = route({ ...planPageConfig, path: "/companiesPlan/" });
export const planPageBare = route({ ...planPageConfig, path: "/companiesPlan", hide: true });

/** Built at boot: its answer carries the declared plan features (companies.schemas.ts). */
export const listPlanRoute = (CompanyWithPlan: ReturnType<typeof companyWithPlanSchema>) =>
  route({
    method: "get",
    path: "/companies/listPlan/{companyId}",
    access: "user",
    // Read by the shell at start: an overdue company still loads it (spec 001 §4).
    whenOverdue: "allow",
    request: { params: CompanyIdParam },
    responses: {
      200: json(CompanyWithPlan, "The company with its plan nested under `plan`, limits and flags included (super, or a user of that company)"),
      404: errorResponse("ERR_NO_COMPANY_FOUND, or ERR_NO_PLAN_FOUND when the company has no plan"),
    },
  });

export const show = route({
  method: "get",
  path: "/companies/{id}",
  access: "admin",
  request: { params: IdParam },
  responses: { 200: json(CompanyDetail, "One company with its office hours (super, or an admin of that company)") },
});

export const create = route({
  method: "post",
  path: "/companies",
  access: "super",
  request: body(CompanyInput),
  responses: {
    200: json(Company, "The created company; its first admin signs in with the company's e-mail and the given password"),
    409: errorResponse("ERR_DUPLICATED_NAME or ERR_DUPLICATED_EMAIL"),
  },
});

export const update = route({
  method: "put",
  path: "/companies/{id}",
  access: "super",
  request: { params: IdParam, ...body(CompanyPatch) },
  responses: { 200: json(Company, "The updated company"), 409: errorResponse("ERR_DUPLICATED_NAME") },
});

export const remove = route({
  method: "delete",
  path: "/companies/{id}",
  access: "super",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted with its users, settings and media") },
});

export const schedules = route({
  method: "put",
  path: "/companies/{id}/schedules",
  access: "admin",
  request: { params: IdParam, ...body(SchedulesBody) },
  responses: { 200: json(CompanyDetail, "The company with its new office hours (super, or an admin of that company)") },
});

export const renew = route({
  method: "post",
  path: "/companies/{id}/renew",
  access: "super",
  request: { params: IdParam },
  responses: { 200: json(Company, "The company with its due date moved one recurrence period forward") },
});
