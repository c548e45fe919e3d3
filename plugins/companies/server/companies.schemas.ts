import { z } from "@hono/zod-openapi";
import { recurrences } from "../../../core/db/tables.ts";
import type { DeclaredPlanFeature, PlanFeatureKey } from "../../../core/plugin/plan-features.ts";
import { parseDay } from "../shared/renew.ts";
import { OfficeHoursWeek } from "../../office-hours/server/office-hours-schemas.contract.ts";
import { emptyAsUnset } from "../../../core/http/loose-values.ts";
import { pathId } from "../../../core/http/schemas.ts";

/* ---------- answers ---------- */

const PlanSummary = z.object({ id: z.number(), name: z.string(), amount: z.number() }).openapi("CompanyPlanSummary");

export const OfficeHoursSchema = z
  .object({
    weekday: z.string(),
    weekdayEn: z.string(),
    startTimeA: z.string(),
    endTimeA: z.string(),
    startTimeB: z.string(),
    endTimeB: z.string(),
  })
  .openapi("OfficeHours");

export const Company = z
  .object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    planId: z.number().nullable(),
    status: z.boolean(),
    dueDate: z.string().nullable(),
    recurrence: z.enum(recurrences),
    document: z.string(),
    paymentMethod: z.string(),
    numberAttendants: z.number(),
    numberConections: z.number(),
    addressStreet: z.string(),
    addressState: z.string(),
    addressCity: z.string(),
    campaignsEnabled: z.boolean(),
    lastLogin: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    plan: PlanSummary.nullable(),
  })
  .openapi("Company");

export const CompanyDetail = Company.extend({ schedules: z.array(OfficeHoursSchema) }).openapi("CompanyDetail");

export const CompanyWithUsage = Company.extend({
  folderSize: z.number().openapi({ description: "Bytes of the company's stored media" }),
  numberFileFolder: z.number(),
  updatedAtFolder: z.string().nullable(),
}).openapi("CompanyWithUsage");

export const CompanyPage = z.object({ companies: z.array(Company), count: z.number(), hasMore: z.boolean() }).openapi("CompanyPage");

export const CompanyPlanPage = z.object({ companies: z.array(CompanyWithUsage), count: z.number(), hasMore: z.boolean() }).openapi("CompanyPlanPage");

/**
 * GET /companies/listPlan/{companyId}: the company with its whole plan nested, the shape the
 * spec's clients read (`data.plan.useCampaigns` builds their menu). Built at boot: the plan
 * carries one boolean per declared plan feature (core/plugin/plan-features.ts).
 */
export function companyWithPlanSchema(features: readonly DeclaredPlanFeature[]) {
  const flags = Object.fromEntries(features.map((f) => [f.key, z.boolean()])) as Record<PlanFeatureKey, z.ZodBoolean>;
  const CompanyPlan = z
    .object({ id: z.number(), name: z.string(), users: z.number(), connections: z.number(), queues: z.number(), amount: z.number(), isPublic: z.boolean(), ...flags })
    .openapi("CompanyPlanFlags");
  return z.object({ ...Company.shape, plan: CompanyPlan.openapi({ description: "The company's plan with its limits and every feature flag" }) }).openapi("CompanyWithPlan");
}

/* ---------- input ---------- */

const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);
const count = z.coerce.number({ error: "Deve ser um número" }).int("Deve ser um número inteiro").min(0, "Não pode ser negativo").max(100_000, "Muito alto!");
const text = (max: number) => z.string().trim().max(max, "Muito extenso!");

/** YYYY-MM-DD, or an ISO timestamp whose date part is kept; "" or null means "not given". */
const dueDate = emptyAsUnset(
  z
    .string("Data inválida (AAAA-MM-DD)")
    .refine((v) => /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(v) && parseDay(v) !== null, "Data inválida (AAAA-MM-DD)")
    .transform((v) => v.slice(0, 10)),
);

const name = z.string({ error: "Nome é obrigatório" }).trim().min(1, "Nome é obrigatório").min(2, "Muito curto!").max(50, "Muito extenso!");

const email = z.string({ error: "E-mail é obrigatório" }).trim().toLowerCase().min(1, "E-mail é obrigatório").pipe(z.email("Email é inválido").max(100, "Muito extenso!"));

const planId = z.coerce.number({ error: "Plano é obrigatório" }).int("Plano é obrigatório").positive("Plano é obrigatório");

/** The fields both the create and the edit forms carry. */
const editable = {
  phone: text(30).optional(),
  status: flag.optional(),
  dueDate,
  // The spec's form sends recurrence "" when none was picked: the default (MENSAL) applies.
  recurrence: emptyAsUnset(z.enum(recurrences, { error: "Recorrência inválida" })),
  document: text(30).optional(),
  paymentMethod: text(50).optional(),
  numberAttendants: count.optional(),
  numberConections: count.optional(),
  addressStreet: text(200).optional(),
  addressState: text(100).optional(),
  addressCity: text(100).optional(),
  campaignsEnabled: flag.optional(),
};

export const CompanyInput = z
  .object({
    name,
    email,
    planId: z.preprocess((v) => (v === "" || v === null ? undefined : v), planId),
    password: z.string({ error: "Senha é obrigatória" }).min(5, "Muito curto!").max(50, "Muito extenso!"),
    /** The first admin's name; the company name when absent. */
    adminName: z.string().trim().min(2, "Muito curto!").max(50, "Muito extenso!").optional(),
    ...editable,
    // The spec's form defaults for a new company: 1 attendant, 1 connection, inactive.
    status: flag.optional().default(false),
    numberAttendants: count.optional().default(1),
    numberConections: count.optional().default(1),
  })
  .openapi("CompanyInput");

export const CompanyPatch = z
  .object({
    name: name.optional(),
    email: email.optional(),
    planId: emptyAsUnset(planId),
    ...editable,
  })
  .openapi("CompanyPatch");

export const SchedulesBody = z.object({ schedules: OfficeHoursWeek }).openapi("CompanySchedules");

export const CompanyIdParam = z.object({
  companyId: pathId("companyId"),
});

export type CompanyInputData = z.output<typeof CompanyInput>;
export type CompanyPatchData = z.output<typeof CompanyPatch>;
export type SchedulesData = z.output<typeof SchedulesBody>["schedules"];
