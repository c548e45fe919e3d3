import { z } from "@hono/zod-openapi";
import { planFlags, type PlanFlag } from "../../../core/db/tables.ts";

const flagShape = Object.fromEntries(planFlags.map((f) => [f, z.boolean()])) as Record<PlanFlag, z.ZodBoolean>;

export const Plan = z
  .object({
    id: z.number(),
    name: z.string(),
    users: z.number(),
    connections: z.number(),
    queues: z.number(),
    amount: z.number(),
    isPublic: z.boolean(),
    ...flagShape,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Plan");

/** A limit: forms send numbers or numeric strings ("10"). */
const limit = z.coerce
  .number({ error: "Deve ser um número" })
  .int("Deve ser um número inteiro")
  .min(0, "Não pode ser negativo")
  .max(1_000_000, "Muito alto!");

/** Forms send booleans, or "true"/"false" strings from selects. */
const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

const inputFlags = Object.fromEntries(planFlags.map((f) => [f, flag.optional().default(true)])) as Record<
  PlanFlag,
  z.ZodDefault<z.ZodOptional<typeof flag>>
>;

export const PlanInput = z
  .object({
    name: z.string({ error: "Nome é obrigatório" }).trim().min(1, "Nome é obrigatório").max(100, "Muito extenso!"),
    users: limit.optional().default(0),
    connections: limit.optional().default(0),
    queues: limit.optional().default(0),
    amount: z.coerce
      .number({ error: "Deve ser um número" })
      .min(0, "Não pode ser negativo")
      .max(100_000_000, "Muito alto!")
      .optional()
      .default(0),
    isPublic: flag.optional().default(true),
    ...inputFlags,
  })
  .openapi("PlanInput");

/** An edit sends only what changes; nothing defaults, so omitted fields stay as they are. */
export const PlanPatch = z
  .object({
    name: z.string().trim().min(1, "Nome é obrigatório").max(100, "Muito extenso!").optional(),
    users: limit.optional(),
    connections: limit.optional(),
    queues: limit.optional(),
    amount: z.coerce.number({ error: "Deve ser um número" }).min(0, "Não pode ser negativo").max(100_000_000, "Muito alto!").optional(),
    isPublic: flag.optional(),
    ...(Object.fromEntries(planFlags.map((f) => [f, flag.optional()])) as Record<PlanFlag, z.ZodOptional<typeof flag>>),
  })
  .openapi("PlanPatch");

export type PlanInputData = z.output<typeof PlanInput>;
export type PlanPatchData = z.output<typeof PlanPatch>;
