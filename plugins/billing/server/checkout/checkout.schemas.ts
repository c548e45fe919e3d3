import { z } from "@hono/zod-openapi";
import { LooseBool } from "../../../../core/http/loose-values.ts";
import { CUSTOM_PLAN } from "../../shared/custom-plan.ts";
import { PROVIDER_IDS } from "../providers/provider.ts";

const text = (max: number) => z.string().max(max, "Too Long!").optional().default("");
/** A count as forms send it: a number or its digits; empties ("" / null / 0) mean "not given". */
const LooseCount = z
  .union([z.number().int().min(0).max(100_000), z.string().regex(/^\d{0,6}$/, "Invalid number"), z.null()], "Invalid number")
  .transform((v) => (v === null || v === "" ? 0 : Number(v)));

/** The custom plan the Personalizar step sends (`plan`): a JSON text or object of users, connections and price. */
const PlanChoice = z
  .union([
    z.string().max(2000),
    z.object({ users: LooseCount.optional(), connections: LooseCount.optional(), price: z.union([z.number(), z.string().max(20)]).optional() }).passthrough(),
    z.null(),
  ])
  .transform((v, ctx): { users: number; connections: number } | null => {
    if (v === null || v === "") return null;
    let value: unknown = v;
    if (typeof v === "string") {
      try {
        value = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: "custom", message: "Invalid plan" });
        return z.NEVER;
      }
    }
    const parsed = z.object({ users: LooseCount.optional(), connections: LooseCount.optional() }).passthrough().safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: "Invalid plan" });
      return z.NEVER;
    }
    const { users = 0, connections = 0 } = parsed.data;
    return users || connections ? { users, connections } : null;
  })
  .openapi({
    description: 'The custom plan (spec 001 §9) as JSON text or object: `{"users":5,"connections":4,"price":…}`; empty for the plan as it is. The price is computed by the server.',
  });

/**
 * The spec's checkout form (001 §3 'Checkout form', §7 POST /subscription). `zipcode` holds
 * the payer's CPF (11 digits) or CNPJ (14), punctuation allowed. Card fields are accepted and
 * ignored: no card data is read, kept or logged here.
 */
export const CheckoutBody = z
  .object({
    firstName: z.string("O nome completo é obrigatório").trim().min(1, "O nome completo é obrigatório").max(100, "Too Long!"),
    lastName: text(100),
    address2: text(200),
    city: text(100),
    state: text(100),
    country: text(100),
    zipcode: z
      .string("CEP é obrigatório")
      .trim()
      .min(1, "CEP é obrigatório")
      .max(30, "Too Long!")
      .transform((v) => v.replace(/\D/g, ""))
      .refine((v) => v.length === 11 || v.length === 14, "CPF/CNPJ inválido"),
    useAddressForPaymentDetails: LooseBool.optional(),
    nameOnCard: z.unknown().optional().openapi({ description: "Ignored" }),
    cardNumber: z.unknown().optional().openapi({ description: "Ignored" }),
    cvv: z.unknown().optional().openapi({ description: "Ignored" }),
    plan: PlanChoice.optional(),
    price: z
      .union([z.number(), z.string().max(20), z.null()])
      .optional()
      .openapi({ description: "Ignored: the server prices the invoice" }),
    users: LooseCount.optional(),
    connections: LooseCount.optional(),
    invoiceId: z.union(
      [
        z.number().int().positive(),
        z
          .string()
          .regex(/^[1-9]\d{0,14}$/, "Invalid id")
          .transform(Number),
      ],
      "Invalid id",
    ),
  })
  .superRefine((v, ctx) => {
    const custom = v.plan ?? (v.users || v.connections ? { users: v.users ?? 0, connections: v.connections ?? 0 } : null);
    if (!custom) return;
    if (custom.users < CUSTOM_PLAN.minUsers || custom.users > CUSTOM_PLAN.maxUsers)
      ctx.addIssue({ code: "custom", path: ["users"], message: `Mínimo de ${CUSTOM_PLAN.minUsers} usuários` });
    if (custom.connections < CUSTOM_PLAN.minConnections || custom.connections > CUSTOM_PLAN.maxConnections)
      ctx.addIssue({ code: "custom", path: ["connections"], message: `Mínimo de ${CUSTOM_PLAN.minConnections} conexões` });
  })
  .transform((v) => ({
    firstName: v.firstName,
    lastName: v.lastName,
    zipcode: v.zipcode,
    invoiceId: v.invoiceId,
    custom: v.plan ?? (v.users || v.connections ? { users: v.users ?? 0, connections: v.connections ?? 0 } : null),
  }))
  .openapi("CheckoutForm");
export type CheckoutInput = z.output<typeof CheckoutBody>;

/** The spec's payment response (001 §3): `qrcode.qrcode` for PIX, or the provider's URL. */
export const PaymentAnswerSchema = z
  .object({
    provider: z.enum(PROVIDER_IDS),
    invoiceId: z.number(),
    chargeId: z.number(),
    value: z.number(),
    /** The amount as text, "49.00". */
    valorext: z.string(),
    qrcode: z.object({ qrcode: z.string() }).nullable(),
    url: z.string().nullable(),
    stripeURL: z.string().nullable(),
    asaasURL: z.string().nullable(),
    mercadopagoURL: z.string().nullable(),
  })
  .openapi("PaymentAnswer");
export type PaymentAnswer = z.infer<typeof PaymentAnswerSchema>;
