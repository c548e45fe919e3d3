import { z } from "@hono/zod-openapi";

/** The spec's rule and wording for a new password. */
export const PASSWORD_RULE_MESSAGE = "Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.";

export const strongPassword = (p: string) => p.length >= 8 && /[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p);

const email = z.string().trim().toLowerCase().max(254, "Invalid email").pipe(z.email("Invalid email"));
const token = z.string().max(64);
const newPassword = z.string().max(128, PASSWORD_RULE_MESSAGE).refine(strongPassword, PASSWORD_RULE_MESSAGE);

const EmailParam = email.openapi({ param: { name: "email", in: "path" }, example: "ana@example.com" });

export const ForgetParams = z.object({ email: EmailParam });

/** The spec's form, everything in the path (kept for existing clients; prefer `ResetBody`). */
export const ResetParams = z.object({
  email: EmailParam,
  token: token.openapi({ param: { name: "token", in: "path" }, example: "123456", description: "The 6-digit code from the e-mail" }),
  newPassword: newPassword.openapi({ param: { name: "newPassword", in: "path" }, example: "NovaSenha1" }),
});

/** The same three fields in a JSON body, so the new password never travels in a URL. */
export const ResetBody = z
  .object({
    email: email.openapi({ example: "ana@example.com" }),
    token: token.openapi({ example: "123456", description: "The 6-digit code from the e-mail" }),
    newPassword: newPassword.openapi({ example: "NovaSenha1" }),
  })
  .openapi("PasswordResetBody");
