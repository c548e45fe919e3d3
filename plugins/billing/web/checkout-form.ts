import { CUSTOM_PLAN, customPlanPrice } from "../shared/custom-plan.ts";
import type { CheckoutPayload, Invoice, Subscription } from "./billing-api.ts";
import { RECURRENCE_MONTHS, type RecurrenceName } from "../../companies/web/public.ts";

/** The checkout's steps (spec 001 §2 'Checkout dialog'); it opens on Personalizar (index 1) when Dados is already known. */
export const STEPS = ["data", "customize", "review"] as const;
export type Step = 0 | 1 | 2;

export interface CheckoutValues {
  firstName: string;
  lastName: string;
  /** The CPF or CNPJ (the spec's form keeps it in `zipcode`). */
  zipcode: string;
  address2: string;
  city: string;
  state: string;
  /** Pay the plan as it is, or a custom plan of `users` and `connections`. */
  choice: "current" | "custom";
  users: number;
  connections: number;
}

export type CheckoutErrors = Partial<Record<keyof CheckoutValues, string>>;

/** The form filled with what is known: the admin's name and the company's document and address. */
export function initialValues(userName: string, subscription: Subscription | undefined, invoice: Invoice): CheckoutValues {
  const [first = "", ...rest] = userName.trim().split(/\s+/);
  return {
    firstName: first,
    lastName: rest.join(" "),
    zipcode: subscription?.document ?? "",
    address2: "",
    city: subscription?.addressCity ?? "",
    state: subscription?.addressState ?? "",
    choice: invoice.custom ? "custom" : "current",
    users: Math.max(CUSTOM_PLAN.minUsers, invoice.users),
    connections: Math.max(CUSTOM_PLAN.minConnections, invoice.connections),
  };
}

/** Spec 001 §5 'Checkout': full name and CEP (the CPF/CNPJ) required; a custom plan never below 3 and 3. Messages are i18n keys. */
export function validate(v: CheckoutValues): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (!v.firstName.trim()) errors.firstName = "validation.firstName";
  const digits = v.zipcode.replace(/\D/g, "");
  if (!digits) errors.zipcode = "validation.zipcode";
  else if (digits.length !== 11 && digits.length !== 14) errors.zipcode = "validation.document";
  if (v.choice === "custom") {
    if (!(v.users >= CUSTOM_PLAN.minUsers)) errors.users = "validation.users";
    if (!(v.connections >= CUSTOM_PLAN.minConnections)) errors.connections = "validation.connections";
  }
  return errors;
}

/** Which step shows a field's error (a failed PAGAR goes back there). */
export const stepOf = (field: keyof CheckoutValues): Step => (field === "users" || field === "connections" || field === "choice" ? 1 : 0);

/** What the invoice will cost with this choice (the server prices it the same way). */
export function chosenValue(v: CheckoutValues, invoice: Invoice, plan: Subscription["plan"] | undefined): number {
  const months = RECURRENCE_MONTHS[invoice.recurrence as RecurrenceName] ?? 1;
  const cents = (n: number) => Math.round(n * 100) / 100;
  if (v.choice === "current") return invoice.custom && plan ? cents(plan.amount * months) : invoice.value;
  return cents(customPlanPrice(v.users, v.connections) * months);
}

export function toPayload(v: CheckoutValues, invoice: Invoice): CheckoutPayload {
  const custom = v.choice === "custom" ? { users: v.users, connections: v.connections, price: customPlanPrice(v.users, v.connections) } : null;
  return {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    zipcode: v.zipcode,
    address2: v.address2,
    city: v.city,
    state: v.state,
    country: "BR",
    useAddressForPaymentDetails: false,
    plan: custom ? JSON.stringify(custom) : "",
    ...(custom ? { users: custom.users, connections: custom.connections, price: custom.price } : {}),
    invoiceId: invoice.id,
  };
}
