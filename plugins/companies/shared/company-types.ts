/**
 * The companies API's request and response types, inferred from the server's zod schemas so
 * the web client never restates a server shape. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type {
  Company as CompanySchema,
  CompanyDetail as CompanyDetailSchema,
  CompanyInput,
  CompanyPatch,
  CompanyPlanPage as CompanyPlanPageSchema,
  CompanyWithUsage as CompanyWithUsageSchema,
} from "../server/companies.schemas.ts";

/** A company as the API answers it (GET /companies/list, writes, renew). */
export type Company = z.infer<typeof CompanySchema>;
/** A /companiesPlan/ row: the company with its storage usage. */
export type CompanyWithUsage = z.infer<typeof CompanyWithUsageSchema>;
export type CompanyPlanPage = z.infer<typeof CompanyPlanPageSchema>;
/** GET /companies/{id}: the company with its office hours. */
export type CompanyDetail = z.infer<typeof CompanyDetailSchema>;
/** What POST /companies takes. */
export type CompanyPayload = z.input<typeof CompanyInput>;
/** What PUT /companies/{id} takes: only what changes. */
export type CompanyChanges = z.input<typeof CompanyPatch>;
export type Recurrence = Company["recurrence"];
