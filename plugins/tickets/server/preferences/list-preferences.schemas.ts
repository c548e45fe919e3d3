import { z } from "@hono/zod-openapi";
import { pathId } from "../../../../core/http/schemas.ts";

/** The spec's bounds of the ticket-list width (001 §5 'User form', 000 §9). */
export const LIST_WIDTH_MIN = 404;
export const LIST_WIDTH_MAX = 700;

export const WidthInput = z
  .object({
    defaultTicketsManagerWidth: z.coerce
      .number("Required")
      .int("Must be an integer")
      .min(LIST_WIDTH_MIN, `Must be at least ${LIST_WIDTH_MIN}`)
      .max(LIST_WIDTH_MAX, `Must be at most ${LIST_WIDTH_MAX}`),
  })
  .openapi("TicketsWidthInput");

export const UserIdParam = z.object({
  userId: pathId("userId"),
});
