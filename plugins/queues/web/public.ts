/**
 * What other plugins' web code may use of the queues plugin. Anything else under
 * plugins/queues/web is internal (tests/architecture/rules.test.ts checks it).
 */
import type { z } from "@hono/zod-openapi";
import type { QueueSummary as QueueSummarySchema } from "../server/queues.schemas.ts";

/** A queue as GET /queue lists it (inferred from the route's schema; type-only, nothing of the server is bundled). */
export type QueueSummary = z.infer<typeof QueueSummarySchema>;

/** The queue dialog's zones and their props: `queues.dialog.handlers`, `queues.option.reference.<kind>`. */
export type { OptionReferenceProps, QueueHandlerField, QueueHandlerProps } from "./zones.ts";

/** The server's field messages for ids that name nothing of their kind ('Invalid integration', ...), so a form can translate them. */
export { REFERENCE_MESSAGES, type ReferenceKind } from "../shared/reference-kinds.ts";
