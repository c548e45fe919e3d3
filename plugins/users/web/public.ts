/**
 * What other plugins' web code may use of the users plugin. Anything else under
 * plugins/users/web is internal (tests/architecture/rules.test.ts checks it).
 */
import type { z } from "@hono/zod-openapi";
import type { UserSummary as UserSummarySchema } from "../server/users.schemas.ts";

/** A user as GET /users/list answers it (inferred from the route's schema; type-only, nothing of the server is bundled). */
export type UserSummary = z.infer<typeof UserSummarySchema>;

/** The company's users for a selector (GET /users/list), one cached answer for every plugin that asks. */
export { useUserSummariesQuery } from "./user-summaries-api.ts";
