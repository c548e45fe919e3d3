import { z } from "@hono/zod-openapi";

/** The spec's rule and wording for a new password. */
export const PASSWORD_RULE_MESSAGE = "Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.";

export const strongPassword = (p: string) => p.length >= 8 && /[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p);

const EmailParam = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "Invalid email")
  .pipe(z.email("Invalid email"))
  .openapi({ param: { name: "email", in: "path" }, example: "ana@example.com" });

export const ForgetParams = z.object({ email: EmailParam });

export const ResetParams = z.object({
  email: EmailParam,
  token: z
    .string()
    .max(64)
    .openapi({ param: { name: "token", in: "path" }, example: "123456", description: "The 6-digit code from the e-mail" }),
  newPassword: z
    .string()
    .max(128, PASSWORD_RULE_MESSAGE)
    .refine(strongPassword, PASSWORD_RULE_MESSAGE)
    .openapi({ param: { name: "newPassword", in: "path" }, example: "NovaSenha1" }),
});
