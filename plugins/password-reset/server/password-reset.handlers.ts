import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../../core/http/env.ts";
import type { PasswordResetService } from "./password-reset.service.ts";
import * as r from "./password-reset.routes.ts";

/** The caller's address as the runtime reports it (the same source login limiting uses). */
export const clientAddress = (c: Context<AppEnv>) =>
  c.env?.remoteAddress ?? c.req.header("x-forwarded-for")?.split(",")[0]?.trim() ?? "unknown";

/** Thin handlers: read the validated input, call the service, answer. */
export function registerPasswordResetHandlers(router: OpenAPIHono<AppEnv>, service: PasswordResetService) {
  router.openapi(r.forgetPassword, async (c) => {
    await service.requestCode(c.req.valid("param").email, clientAddress(c));
    return c.json({ message: "Email enviado com sucesso!" }, 200);
  });
  router.openapi(r.resetPassword, async (c) => {
    const { email, token, newPassword } = c.req.valid("param");
    await service.reset(email, token, newPassword, clientAddress(c));
    return c.json({ message: "Senha redefinida com sucesso." }, 200);
  });
}
