import type { Recurrence } from "../shared/company-types.ts";
import { addDays, localToday, parseDay, RECURRENCE_MONTHS } from "../shared/renew.ts";
import type { Company, CompanyChanges, CompanyPayload } from "./companies-api.ts";

/** The recurrences the form offers, shortest first (the server's enum, read from the shared renewal table). */
export const RECURRENCES = Object.keys(RECURRENCE_MONTHS) as Recurrence[];

/** The form's state; numbers and the plan stay text while typed or selected. */
export interface CompanyFormValues {
  name: string;
  email: string;
  phone: string;
  planId: string;
  status: boolean;
  password: string;
  document: string;
  dueDate: string;
  recurrence: Recurrence;
  numberAttendants: string;
  numberConections: string;
  campaignsEnabled: boolean;
}

export type CompanyField = "name" | "email" | "planId" | "password" | "dueDate" | "numberAttendants" | "numberConections" | "phone" | "document";
export type CompanyFieldErrors = Partial<Record<CompanyField, string>>;

/** Days of trial a new company gets when the super user keeps the suggested due date (spec: 7). */
export const TRIAL_DAYS = 7;

/** The spec's defaults for a new company: 1 attendant, 1 connection, inactive; monthly, due in 7 days. */
export const emptyCompany = (today: string = localToday()): CompanyFormValues => ({
  name: "",
  email: "",
  phone: "",
  planId: "",
  status: false,
  password: "",
  document: "",
  dueDate: addDays(today, TRIAL_DAYS),
  recurrence: "MENSAL",
  numberAttendants: "1",
  numberConections: "1",
  campaignsEnabled: false,
});

export const companyToValues = (c: Company): CompanyFormValues => ({
  name: c.name,
  email: c.email,
  phone: c.phone,
  planId: c.planId ? String(c.planId) : "",
  status: c.status,
  password: "",
  document: c.document,
  dueDate: c.dueDate?.slice(0, 10) ?? "",
  recurrence: RECURRENCES.includes(c.recurrence) ? c.recurrence : "MENSAL",
  numberAttendants: String(c.numberAttendants),
  numberConections: String(c.numberConections),
  campaignsEnabled: c.campaignsEnabled,
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The spec's company-form rules (001 §5); answers i18n keys of the companies namespace.
 * The password is asked only when creating (it becomes the first admin's password).
 */
export function validateCompany(v: CompanyFormValues, isNew: boolean): CompanyFieldErrors {
  const e: CompanyFieldErrors = {};
  const name = v.name.trim();
  if (!name) e.name = "validation.nameRequired";
  else if (name.length < 2) e.name = "validation.tooShort";
  else if (name.length > 50) e.name = "validation.tooLong";
  const email = v.email.trim();
  if (!email) e.email = "validation.emailRequired";
  else if (!EMAIL.test(email)) e.email = "validation.emailInvalid";
  if (!v.planId) e.planId = "validation.planRequired";
  if (isNew) {
    if (!v.password) e.password = "validation.passwordRequired";
    else if (v.password.length < 5) e.password = "validation.tooShort";
    else if (v.password.length > 50) e.password = "validation.tooLong";
  }
  for (const key of ["numberAttendants", "numberConections"] as const) {
    const text = v[key].trim();
    if (text === "" || !/^\d+$/.test(text)) e[key] = "validation.number";
  }
  if (v.dueDate && !parseDay(v.dueDate)) e.dueDate = "validation.date";
  return e;
}

/** What PUT /companies/{id} gets from the form (the password is asked only when creating). */
export function valuesToChanges(v: CompanyFormValues): CompanyChanges {
  return {
    name: v.name.trim(),
    email: v.email.trim().toLowerCase(),
    phone: v.phone.trim(),
    planId: Number(v.planId),
    status: v.status,
    dueDate: v.dueDate || undefined,
    recurrence: v.recurrence,
    document: v.document.trim(),
    numberAttendants: Number(v.numberAttendants),
    numberConections: Number(v.numberConections),
    campaignsEnabled: v.campaignsEnabled,
  };
}

/** What POST /companies gets from the form: the same fields and the first admin's password. */
export function valuesToPayload(v: CompanyFormValues): CompanyPayload {
  return { ...valuesToChanges(v), name: v.name.trim(), email: v.email.trim().toLowerCase(), planId: Number(v.planId), password: v.password };
}

/** Server field errors (ERR_VALIDATION) and duplicate codes, placed under the fields. */
export function serverFieldErrors(err: unknown): CompanyFieldErrors {
  const data = (err as { data?: { error?: string; fields?: Record<string, string> } })?.data;
  if (data?.error === "ERR_DUPLICATED_NAME") return { name: "validation.duplicateName" };
  if (data?.error === "ERR_DUPLICATED_EMAIL") return { email: "validation.duplicateEmail" };
  if (data?.error === "ERR_NO_PLAN_FOUND") return { planId: "validation.planRequired" };
  return (data?.fields ?? {}) as CompanyFieldErrors;
}
