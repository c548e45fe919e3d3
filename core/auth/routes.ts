import { createRoute, z } from "@hono/zod-openapi";
import { guard } from "../http/guard.ts";
import { errorResponse, standardErrors } from "../http/schemas.ts";

const SessionUser = z.record(z.string(), z.unknown()).openapi("SessionUser", {
  description: "The user with company (plan, settings, dueDate), queues and the named permissions held",
});
const TokenAnswer = z.object({ token: z.string(), user: SessionUser }).openapi("TokenAnswer");

export const login = createRoute({
  method: "post",
  path: "/auth/login",
  tags: ["auth"],
  request: {
    body: {
      content: {
        "application/json": {
          schema: z.object({
            email: z.string().trim().toLowerCase().email("Invalid email"),
            password: z.string().min(1, "Required").max(200),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: { description: "Signed in; sets the httpOnly refresh cookie `jrt`", content: { "application/json": { schema: TokenAnswer } } },
    400: standardErrors[400],
    401: errorResponse("ERR_INVALID_CREDENTIALS"),
    403: errorResponse("ERR_OUT_OF_HOURS, or ERR_COMPANY_INACTIVE (the company is disabled)"),
    429: errorResponse("ERR_TOO_MANY_ATTEMPTS (too many failures from this address, for this e-mail or overall; `Retry-After` says when to try again)"),
  },
});

export const refresh = createRoute({
  method: "post",
  path: "/auth/refresh_token",
  tags: ["auth"],
  responses: {
    200: {
      description: "A new access token; the refresh cookie is rotated (the one used keeps working 30 seconds, for parallel refreshes)",
      content: { "application/json": { schema: TokenAnswer } },
    },
    401: errorResponse("No valid refresh cookie (ERR_SESSION_EXPIRED)"),
    403: errorResponse("The company is disabled (ERR_COMPANY_INACTIVE)"),
  },
});

export const logout = createRoute({
  method: "delete",
  path: "/auth/logout",
  tags: ["auth"],
  responses: {
    200: {
      description: "Signed out: the user's refresh tokens are revoked, the user found through the `jrt` cookie or the bearer token (an invalid one revokes nothing)",
      content: { "application/json": { schema: z.object({ message: z.string() }) } },
    },
  },
});

export const me = createRoute({
  method: "get",
  path: "/auth/me",
  tags: ["auth"],
  // An overdue company's people still load their session (the shell sends them to billing).
  middleware: guard({ access: "user", whenOverdue: "allow" }),
  security: [{ bearer: [] }],
  responses: { 200: { description: "The signed-in user", content: { "application/json": { schema: SessionUser } } }, ...standardErrors },
});
