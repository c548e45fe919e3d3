import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { companies } from "../../../core/db/tables.ts";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { apiKernel, createConnection, deliver, report, rowsOfCompany } from "./api-channel.fixtures.ts";

/** The API channel of a disabled company takes no new work; an overdue company's customers are still heard. */
let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
let api: { id: number; token: string; companyId: number };
beforeEach(async () => {
  t = await apiKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
  api = await createConnection(t, a.token, { channel: "api" });
});
afterEach(() => t.close());

async function setCompany(values: Partial<typeof companies.$inferInsert>) {
  await t.kernel.db.update(companies).set(values).where(eq(companies.id, a.company.id));
  await t.kernel.companyAccess.invalidate(a.company.id);
}

describe("api inbound: the company's state", () => {
  it("a disabled company: inbound and events answer 503 ERR_CHANNEL_PAUSED and store nothing", async () => {
    const first = await deliver(t, api.token, { id: "before", number: "5511912345678", body: "antes" });
    expect(first.status).toBe(200);
    await setCompany({ status: false });
    const res = await deliver(t, api.token, { id: "during", number: "5511912345678", body: "durante" });
    expect(res).toMatchObject({ status: 503, body: { error: "ERR_CHANNEL_PAUSED", reason: "ERR_COMPANY_INACTIVE" } });
    const ack = await report(t, api.token, { type: "ack", id: "before", ack: 3 });
    expect(ack).toMatchObject({ status: 503, body: { error: "ERR_CHANNEL_PAUSED" } });
    const rows = await rowsOfCompany(t, a.company.id);
    expect(rows.messages.map((m) => [m.providerId, m.ack])).toEqual([["before", 0]]);
  });

  it("enabling the company again: the retried message is stored", async () => {
    await setCompany({ status: false });
    expect((await deliver(t, api.token, { id: "retry", number: "5511912345678", body: "oi" })).status).toBe(503);
    await setCompany({ status: true });
    expect((await deliver(t, api.token, { id: "retry", number: "5511912345678", body: "oi" })).body).toMatchObject({ duplicate: false });
    expect((await rowsOfCompany(t, a.company.id)).messages).toHaveLength(1);
  });

  it("an overdue company still receives: a customer's message is never lost because of the bill", async () => {
    await setCompany({ dueDate: "2001-01-01" });
    const res = await deliver(t, api.token, { id: "late", number: "5511912345678", body: "ainda aí?" });
    expect(res.status).toBe(200);
    expect((await rowsOfCompany(t, a.company.id)).messages).toHaveLength(1);
    // Its people, meanwhile, are sent to billing.
    expect((await t.call("GET", "/tickets", { token: a.token })).status).toBe(402);
  });

  it("a bad token is still refused before the company is looked at", async () => {
    await setCompany({ status: false });
    expect(await deliver(t, "not-a-token", { id: "x", number: "5511912345678", body: "oi" })).toMatchObject({ status: 403, body: { error: "ERR_INVALID_TOKEN" } });
  });
});
