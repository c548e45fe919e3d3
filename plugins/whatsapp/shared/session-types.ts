/**
 * The session API's request and response types, inferred from the server's zod schemas so the
 * connections screen never restates them. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type { StartSessionAnswer, StartSessionInput } from "../server/session/session.schemas.ts";

/** What POST /whatsappsession/{id} takes: a phone number pairs by code instead of QR. */
export type StartSessionPayload = z.input<typeof StartSessionInput>;
/** What POST /whatsappsession/{id} answers (`pairingCode` when pairing by code). */
export type SessionStarted = z.infer<typeof StartSessionAnswer>;
