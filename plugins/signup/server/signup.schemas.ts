import { z } from "@hono/zod-openapi";

/** A name of 2..50 characters with the spec's signup wording. */
const name = (example: string) => z.string({ error: "Obrigatório" }).trim().min(1, "Obrigatório").min(2, "Muito curto!").max(50, "Muito extenso!").openapi({ example });

/** Accepted for compatibility with existing clients and ignored: the server decides these. */
const ignored = (description: string) => z.unknown().optional().openapi({ description });

export const SignupInput = z
  .object({
    name: name("Ana Souza"),
    email: z
      .string({ error: "Obrigatório" })
      .trim()
      .toLowerCase()
      .min(1, "Obrigatório")
      .max(254, "Email inválido")
      .pipe(z.email("Email inválido"))
      .openapi({ example: "ana@example.com" }),
    password: z.string({ error: "Obrigatório" }).min(1, "Obrigatório").min(5, "Muito curto!").max(50, "Muito extenso!"),
    companyName: name("Loja da Ana"),
    phone: z
      .string({ error: "Somente números" })
      .trim()
      .regex(/^\d*$/, "Somente números")
      .max(20, "Muito extenso!")
      .optional()
      .default("")
      .openapi({ example: "11999998888", description: "Digits only" }),
    planId: z.coerce.number({ error: "Obrigatório" }).int("Obrigatório").positive("Obrigatório").openapi({ example: 1 }),
    companyId: ignored("Ignored (a signup always creates a new company)"),
    recurrence: ignored("Ignored: always MENSAL"),
    dueDate: ignored("Ignored: always today + 7 days (the trial)"),
    status: ignored("Ignored: always active"),
    campaignsEnabled: ignored("Ignored: follows the plan's useCampaigns flag"),
  })
  .openapi("SignupInput");

export const SignupResult = z
  .object({
    company: z.object({ id: z.number(), name: z.string(), dueDate: z.string().nullable(), recurrence: z.string(), status: z.boolean() }),
    user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  })
  .openapi("SignupResult");
