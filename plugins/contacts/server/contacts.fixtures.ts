import type { TestKernel } from "../../../tests/support/test-kernel.ts";

/** Creates a contact through the API and returns its body (fails the test on error). */
export async function createContact(t: TestKernel, token: string, body: Record<string, unknown>) {
  const res = await t.call("POST", "/contacts", { token, body });
  if (res.status !== 200) throw new Error(`create contact failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; number: string; name: string } & Record<string, any>;
}

/** Turns the company's LGPD number hiding on. */
export const hideNumbers = (t: TestKernel, companyId: number) => t.kernel.settings.setCompany(companyId, "lgpdHideNumber", "enabled");
