/**
 * What other plugins' web code may use of the connections plugin. Anything else under
 * plugins/connections/web is internal (tests/architecture/rules.test.ts checks it).
 */
import type { z } from "@hono/zod-openapi";
import type { Connection as ConnectionSchema } from "../server/connections.schemas.ts";

/** A connection as GET /whatsapp lists it (inferred from the route's schema; type-only, nothing of the server is bundled). */
export type Connection = z.infer<typeof ConnectionSchema>;
