import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";

/** A company with its admin and two plain users (each with a token). */
export async function quickMessagesCompany(t: TestKernel, name = "Loja Quick") {
  const admin = await createCompanyWithAdmin(t, name);
  const ana = await createUser(t, admin.company.id, { name: "Ana" });
  const bia = await createUser(t, admin.company.id, { name: "Bia" });
  return { companyId: admin.company.id, admin, ana, bia };
}

/** Creates a quick message as `token` and returns the record (fails the test on a non-200). */
export async function createQuickMessage(t: TestKernel, token: string, body: Record<string, unknown>) {
  const res = await t.call("POST", "/quick-messages", { token, body });
  if (res.status !== 200) throw new Error(`create quick message: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; shortcode: string; userId: number; mediaPath: string | null; mediaName: string | null; mediaUrl: string | null };
}

export function fileForm(name: string, content = "hello", type = "text/plain"): FormData {
  const form = new FormData();
  form.append("typeArch", "quickMessage");
  form.append("file", new File([content], name, { type }));
  return form;
}
