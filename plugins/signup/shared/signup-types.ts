/**
 * The signup API's request and response types, inferred from the server's zod schemas so the
 * web client never restates a server shape. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type { SignupInput, SignupResult as SignupResultSchema } from "../server/signup.schemas.ts";

/** What POST /auth/signup takes (`phone`: digits only). */
export type SignupPayload = z.input<typeof SignupInput>;
/** What POST /auth/signup answers: the new company and its first user. */
export type SignupResult = z.infer<typeof SignupResultSchema>;
