import { z } from "@hono/zod-openapi";
import type { DeclaredPlanFeature, PlanFeatureKey } from "../../../core/plugin/plan-features.ts";

/** A limit: forms send numbers or numeric strings ("10"). */
const limit = z.coerce.number({ error: "Deve ser um número" }).int("Deve ser um número inteiro").min(0, "Não pode ser negativo").max(1_000_000, "Muito alto!");

/** Forms send booleans, or "true"/"false" strings from selects. */
const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

/** The plan's fields that are not features. */
const PlanFields = {
  id: z.number(),
  name: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  amount: z.number(),
  isPublic: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

const PlanInputFields = z.object({
  name: z.string({ error: "Nome é obrigatório" }).trim().min(1, "Nome é obrigatório").max(100, "Muito extenso!"),
  users: limit.optional().default(0),
  connections: limit.optional().default(0),
  queues: limit.optional().default(0),
  amount: z.coerce.number({ error: "Deve ser um número" }).min(0, "Não pode ser negativo").max(100_000_000, "Muito alto!").optional().default(0),
  isPublic: flag.optional().default(true),
});

/** An edit sends only what changes; nothing defaults, so omitted fields stay as they are. */
const PlanPatchFields = z.object({
  name: z.string().trim().min(1, "Nome é obrigatório").max(100, "Muito extenso!").optional(),
  users: limit.optional(),
  connections: limit.optional(),
  queues: limit.optional(),
  amount: z.coerce.number({ error: "Deve ser um número" }).min(0, "Não pode ser negativo").max(100_000_000, "Muito alto!").optional(),
  isPublic: flag.optional(),
});

/** Documents a feature boolean with who declares it and its default. */
const described = <T extends z.ZodType>(schema: T, f: DeclaredPlanFeature) =>
  schema.openapi({ description: `Plan feature declared by the ${f.plugin} plugin (default ${f.default})` });

/**
 * The plans API's schemas, built at boot from the declared plan features: each is a boolean
 * on the plan (`useKanban`), so a plugin's new feature appears in the API and openapi.json
 * without touching this plugin. An omitted feature keeps its stored value (edit) or takes its
 * declared default (create).
 * @example
 *   const { Plan, PlanInput, PlanPatch } = planSchemas(ctx.planFeatures.declared);
 */
export function planSchemas(features: readonly DeclaredPlanFeature[]) {
  // Typed with every key merged into PlanFeatures; at run time, the installed plugins' keys.
  const shape = <T extends z.ZodType>(make: (f: DeclaredPlanFeature) => T) => Object.fromEntries(features.map((f) => [f.key, described(make(f), f)])) as Record<PlanFeatureKey, T>;
  const Plan = z.object({ ...PlanFields, ...shape(() => z.boolean()) }).openapi("Plan");
  const PlanInput = PlanInputFields.extend(shape((f) => flag.optional().default(f.default))).openapi("PlanInput");
  const PlanPatch = PlanPatchFields.extend(shape(() => flag.optional())).openapi("PlanPatch");
  return { Plan, PlanInput, PlanPatch };
}

export type PlanSchemas = ReturnType<typeof planSchemas>;
/** A plan's fields, then one boolean per declared feature. */
export type PlanView = z.output<PlanSchemas["Plan"]>;
export type PlanInputData = z.output<PlanSchemas["PlanInput"]>;
export type PlanPatchData = z.output<PlanSchemas["PlanPatch"]>;
