/**
 * The plans API's request and response types, inferred from the server's zod schemas so the
 * web client never restates a server shape. The schemas are built at boot from the declared
 * plan features; their types carry one boolean per `PlanFeatures` key. Type-only: nothing of
 * the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type { PlanSchemas } from "../server/plans.schemas.ts";

/** A plan as the API answers it: its fields, then one boolean per declared plan feature. */
export type Plan = z.infer<PlanSchemas["Plan"]>;
/** What POST /plans takes. */
export type PlanPayload = z.input<PlanSchemas["PlanInput"]>;
/** What PUT /plans/{id} takes: only what changes. */
export type PlanChanges = z.input<PlanSchemas["PlanPatch"]>;
