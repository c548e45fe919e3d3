import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import { clientAddress } from "../../../core/http/client-info.ts";
import type { PasswordResetService } from "./password-reset.service.ts";
import * as r from "./password-reset.routes.ts";

const RESET_DONE = { message: "Senha redefinida com sucesso." };

/** Thin handlers: read the validated input, call the service, answer. */
export function registerPasswordResetHandlers(router: OpenAPIHono<AppEnv>, service: PasswordResetService) {
  router.openapi(r.forgetPassword, async (c) => {
    await service.requestCode(c.req.valid("param").email, clientAddress(c));
    return c.json({ message: "Email enviado com sucesso!" }, 200);
  });
  router.openapi(r.resetPassword, async (c) => {
    const { email, token, newPassword } = c.req.valid("param");
    await service.reset(email, token, newPassword, clientAddress(c));
    return c.json(RESET_DONE, 200);
  });
  router.openapi(r.resetPasswordWithBody, async (c) => {
    const { email, token, newPassword } = c.req.valid("json");
    await service.reset(email, token, newPassword, clientAddress(c));
    return c.json(RESET_DONE, 200);
  });
}
