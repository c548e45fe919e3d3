/**
 * The users API's request and response types, inferred from the server's zod schemas so the
 * web client never restates a server shape. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type { User as UserSchema, UserInput, UserPage as UserPageSchema, UserPatch } from "../server/users.schemas.ts";

/** A user as the API answers it (never secrets). */
export type User = z.infer<typeof UserSchema>;
export type UserPage = z.infer<typeof UserPageSchema>;
export type Toggle = User["allHistoric"];
/** A queue as a user's answer names it (also how the dialog offers GET /queue's queues). */
export type QueueChoice = NonNullable<User["queues"]>[number];
/** What POST /users takes. */
export type UserPayload = z.input<typeof UserInput>;
/** What PUT /users/{id} takes: any subset of the editable fields. */
export type UserChanges = z.input<typeof UserPatch>;
