import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, jsonBody, jsonResponse as json, MessageSchema } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { ForgetParams, ResetBody, ResetParams } from "./password-reset.schemas.ts";

const route = routeFactory(manifest);

export const forgetPassword = route({
  method: "post",
  path: "/forgetpassword/{email}",
  access: "public",
  request: { params: ForgetParams },
  responses: {
    200: json(
      MessageSchema,
      "The same answer whether or not the e-mail has an account (nobody can probe for accounts): when it has one, a 6-digit code valid for 15 minutes is e-mailed in the background",
    ),
    429: errorResponse("ERR_TOO_MANY_ATTEMPTS (5 requests per e-mail, 20 per address, per 15 minutes)"),
    503: errorResponse("ERR_MAIL_NOT_CONFIGURED (no SMTP_HOST)"),
  },
});

const resetResponses = {
  200: json(MessageSchema, "The password was changed and every session ended"),
  400: errorResponse("ERR_VALIDATION (newPassword too weak) or ERR_INVALID_RESET_CODE (wrong, expired or used code, or an e-mail without one)"),
  429: errorResponse("ERR_TOO_MANY_ATTEMPTS"),
};

export const resetPassword = route({
  method: "post",
  path: "/resetpasswords/{email}/{token}/{newPassword}",
  access: "public",
  // The new password is in the path: a failure's log line names the template instead.
  secretPath: true,
  description:
    "The spec's form, kept for existing clients. It puts the new password in the URL (proxies and browsers may keep it): prefer `POST /resetpasswords` with a JSON body.",
  request: { params: ResetParams },
  responses: resetResponses,
});

export const resetPasswordWithBody = route({
  method: "post",
  path: "/resetpasswords",
  access: "public",
  description: "Sets a new password with the e-mailed code; the same checks and answers as the path form, nothing secret in the URL.",
  request: jsonBody(ResetBody),
  responses: resetResponses,
});
