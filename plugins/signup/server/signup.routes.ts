import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, jsonResponse as json } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { SignupInput, SignupResult } from "./signup.schemas.ts";

const route = routeFactory(manifest);

export const signup = route({
  method: "post",
  path: "/auth/signup",
  access: "public",
  tags: ["signup", "auth"],
  request: { body: { content: { "application/json": { schema: SignupInput } }, required: true } },
  responses: {
    200: json(SignupResult, "The company (7-day MENSAL trial) and its first admin were created"),
    403: errorResponse("ERR_USER_CREATION_DISABLED (the platform setting userCreation is disabled)"),
    404: errorResponse("ERR_NO_PLAN_FOUND (missing or not public)"),
    409: errorResponse("ERR_DUPLICATED_EMAIL or ERR_DUPLICATED_NAME"),
    429: errorResponse("ERR_TOO_MANY_ATTEMPTS (5 signups per address per hour)"),
  },
});
