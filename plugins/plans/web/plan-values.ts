import { declaredPlanFeatures } from "../../../web/src/plugin/plan-features.ts";
import type { Plan, PlanPayload } from "./plans-api.ts";

/** The form's state: numbers stay text while typed; each declared plan feature is a boolean under `features`. */
export type PlanFormValues = {
  name: string;
  users: string;
  connections: string;
  queues: string;
  amount: string;
  isPublic: boolean;
  features: Record<string, boolean>;
};

export type PlanFieldErrors = Partial<Record<"name" | "users" | "connections" | "queues" | "amount", string>>;

export const emptyPlan = (): PlanFormValues => ({
  name: "",
  users: "0",
  connections: "0",
  queues: "0",
  amount: "0",
  isPublic: true,
  features: Object.fromEntries(declaredPlanFeatures.map((f) => [f.key, f.default])),
});

export const planToValues = (p: Plan): PlanFormValues => ({
  name: p.name,
  users: String(p.users),
  connections: String(p.connections),
  queues: String(p.queues),
  amount: String(p.amount),
  isPublic: p.isPublic,
  features: Object.fromEntries(declaredPlanFeatures.map((f) => [f.key, p[f.key] ?? f.default])),
});

/** "49,90" and "49.90" both mean 49.9 (Brazilian forms use the comma). */
export const parseAmount = (s: string): number => Number(s.trim().replace(",", "."));

/**
 * Checks the form before it is sent; answers i18n keys (in the plans namespace) per field,
 * so the messages follow the interface language.
 */
export function validatePlan(v: PlanFormValues): PlanFieldErrors {
  const errors: PlanFieldErrors = {};
  if (!v.name.trim()) errors.name = "validation.nameRequired";
  else if (v.name.trim().length > 100) errors.name = "validation.tooLong";
  for (const key of ["users", "connections", "queues"] as const) {
    const text = v[key].trim();
    const n = Number(text);
    if (text === "" || Number.isNaN(n)) errors[key] = "validation.number";
    else if (!Number.isInteger(n)) errors[key] = "validation.integer";
    else if (n < 0) errors[key] = "validation.negative";
  }
  const amount = parseAmount(v.amount);
  if (v.amount.trim() === "" || Number.isNaN(amount)) errors.amount = "validation.number";
  else if (amount < 0) errors.amount = "validation.negative";
  return errors;
}

export function valuesToBody(v: PlanFormValues): PlanPayload {
  return {
    name: v.name.trim(),
    users: Number(v.users),
    connections: Number(v.connections),
    queues: Number(v.queues),
    amount: parseAmount(v.amount),
    isPublic: v.isPublic,
    ...v.features,
  };
}
