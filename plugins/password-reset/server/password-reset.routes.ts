import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, jsonResponse as json, MessageSchema } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { ForgetParams, ResetParams } from "./password-reset.schemas.ts";

const route = routeFactory(manifest);

export const forgetPassword = route({
  method: "post",
  path: "/forgetpassword/{email}",
  access: "public",
  request: { params: ForgetParams },
  responses: {
    200: json(MessageSchema, "A 6-digit code valid for 15 minutes was e-mailed"),
    404: errorResponse("ERR_EMAIL_NOT_FOUND"),
    429: errorResponse("ERR_TOO_MANY_ATTEMPTS (5 requests per e-mail, 20 per address, per 15 minutes)"),
    500: errorResponse("ERR_INTERNAL (the SMTP server refused the message)"),
    503: errorResponse("ERR_MAIL_NOT_CONFIGURED (no SMTP_HOST)"),
  },
});

export const resetPassword = route({
  method: "post",
  path: "/resetpasswords/{email}/{token}/{newPassword}",
  access: "public",
  request: { params: ResetParams },
  responses: {
    200: json(MessageSchema, "The password was changed and every session ended"),
    400: errorResponse("ERR_VALIDATION (newPassword too weak) or ERR_INVALID_RESET_CODE (wrong, expired or used code)"),
    429: errorResponse("ERR_TOO_MANY_ATTEMPTS"),
  },
});
