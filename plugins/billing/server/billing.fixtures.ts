import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { companies } from "../../../core/db/tables.ts";
import { createCompanyWithAdmin, createPlan } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { addDays, utcToday } from "../../companies/shared/renew.contract.ts";
import type { Notification } from "./testing/stand-in-server.ts";

/** Closed loopback ports: a test that forgets its stand-in reaches nothing. */
export const NO_PROVIDERS = {
  EFI_API_URL: "https://127.0.0.1:9",
  MERCADOPAGO_API_URL: "http://127.0.0.1:9",
  STRIPE_API_URL: "http://127.0.0.1:9",
  ASAAS_API_URL: "http://127.0.0.1:9",
};

/** A kernel whose providers point at closed ports unless `env` names stand-ins. */
export function billingKernel(env: Record<string, string> = {}, dataDir?: string): Promise<TestKernel> {
  return createTestKernel({ env: { ...NO_PROVIDERS, BILLING_PUBLIC_URL: "http://127.0.0.1:8080", ...env }, dataDir });
}

/** The platform operator sets platform settings (payment credentials) through the API. */
export async function configure(t: TestKernel, values: Record<string, string>): Promise<void> {
  const { token } = await t.login();
  for (const [key, value] of Object.entries(values)) {
    const res = await t.call("PUT", `/settings/${key}`, { token, body: { value } });
    if (res.status !== 200) throw new Error(`setting ${key}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** Uploads a .p12 as the Efí certificate of an environment (Settings > PIX certificate). */
export async function uploadCertificate(t: TestKernel, file: string, destination = "efi-production"): Promise<void> {
  const { token } = await t.login();
  const form = new FormData();
  form.append("file", new File([readFileSync(file)], "cert.p12", { type: "application/x-pkcs12" }));
  const res = await t.call("POST", `/settings/cert-upload?ref=${destination}`, { token, body: form });
  if (res.status !== 200) throw new Error(`cert upload: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A company on a plan of `amount` a month, due `dueInDays` from today (0 or less: overdue), with its admin signed in. */
export async function payingCompany(
  t: TestKernel,
  name: string,
  options: { amount?: number; dueInDays?: number; recurrence?: "MENSAL" | "ANUAL" | "TRIMESTRAL"; users?: number; connections?: number } = {},
) {
  const planId = await createPlan(t, { amount: options.amount ?? 99.9, users: options.users ?? 5, connections: options.connections ?? 2, queues: 4 });
  const company = await createCompanyWithAdmin(t, name, { planId });
  const dueDate = addDays(utcToday(), options.dueInDays ?? 10);
  await t.kernel.db
    .update(companies)
    .set({ dueDate, recurrence: options.recurrence ?? "MENSAL" })
    .where(eq(companies.id, company.company.id));
  await t.kernel.companyAccess.invalidate(company.company.id);
  return { ...company, planId, dueDate };
}

/** The company's unpaid invoice, as its admin's listing shows it. */
export async function unpaidInvoice(t: TestKernel, token: string) {
  const res = await t.call("GET", "/invoices", { token });
  if (res.status !== 200) throw new Error(`invoices: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.invoices.find((i: { status: string }) => i.status !== "paid");
}

export const CHECKOUT_FORM = { firstName: "Ana", lastName: "Souza", zipcode: "529.982.247-25", address2: "", city: "São Paulo", state: "SP", country: "BR" };

/** Posts a stand-in's notification to the kernel, raw bytes as the provider sends them. */
export async function notify(t: TestKernel, n: Notification): Promise<{ status: number; body: any }> {
  const res = await t.kernel.app.request(n.path, { method: "POST", headers: { "content-type": "application/json", ...n.headers }, body: n.raw }, { remoteAddress: "127.0.0.1" });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export async function companyDueDate(t: TestKernel, id: number): Promise<string | null> {
  const [row] = await t.kernel.db.select({ dueDate: companies.dueDate }).from(companies).where(eq(companies.id, id));
  return row?.dueDate ?? null;
}
