import type { z } from "@hono/zod-openapi";
import type { SendResult, SendTextBody } from "../server/messages-api.schemas.ts";

/** POST /api/messages/send's answer (202), inferred from the server's schema (type-only import). */
export type ApiSendResult = z.infer<typeof SendResult>;
/** The JSON body the text form sends. */
export type ApiSendText = z.input<typeof SendTextBody>;
