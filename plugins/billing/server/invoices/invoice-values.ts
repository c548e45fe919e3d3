import { RECURRENCE_MONTHS, type RecurrenceName } from "../../../companies/shared/renew.contract.ts";
import { cents, customPlanPrice } from "../../shared/custom-plan.ts";

/** Months in a recurrence (an unknown one counts as a month). */
export const monthsOf = (recurrence: string): number => RECURRENCE_MONTHS[recurrence as RecurrenceName] ?? 1;

export interface PlanValues {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  /** The monthly price. */
  amount: number;
}

/** What an invoice says when it follows the company's plan: the plan's limits, its monthly price times the period's months. */
export function valuesFromPlan(plan: PlanValues, recurrence: string) {
  return {
    planId: plan.id,
    detail: plan.name,
    users: plan.users,
    connections: plan.connections,
    queues: plan.queues,
    value: cents(plan.amount * monthsOf(recurrence)),
    recurrence,
    custom: false,
  };
}

/** What an invoice says for a custom plan (spec 001 §9), priced here whatever the client sent. */
export function valuesFromCustom(users: number, connections: number, recurrence: string, queues: number) {
  return {
    detail: "Plano personalizado",
    users,
    connections,
    queues,
    value: cents(customPlanPrice(users, connections) * monthsOf(recurrence)),
    recurrence,
    custom: true,
  };
}

/** YYYY-MM-DD of today in UTC: the server's day, as the company access check counts it. */
export const utcToday = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** An unpaid invoice is overdue from the day after its due date (spec 001 §4 'Invoice display'). */
export const unpaidStatus = (dueDate: string, today: string): "open" | "overdue" => (dueDate < today ? "overdue" : "open");
