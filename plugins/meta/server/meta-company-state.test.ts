import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { companies } from "../../../core/db/tables.ts";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { closeWorld, linkCloud, linkPage, metaWorld, PAGE, payloads, PHONE, postWebhook, PSID, rows, WA_ID, type MetaWorld } from "./meta.fixtures.ts";

/** A second Cloud API number, linked by another company: one delivery then carries entries of both. */
const PHONE_B = { id: "1065000002", token: "cloud-token-beta", display: "+55 11 98888-0000", verifiedName: "Loja Beta", wabaId: "2020000002" };

let w: MetaWorld;
let betaCompanyId: number;
beforeEach(async () => {
  w = await metaWorld();
  await linkCloud(w);
  const b = await createCompanyWithAdmin(w.t, "Meta Beta");
  betaCompanyId = b.company.id;
  w.graph.phones.set(PHONE_B.id, { token: PHONE_B.token, display: PHONE_B.display, verifiedName: PHONE_B.verifiedName, wabaId: PHONE_B.wabaId });
  const res = await w.t.call("POST", "/channels/whatsappapi", {
    token: b.token,
    body: { name: "Cloud Beta", phoneNumberId: PHONE_B.id, wabaId: PHONE_B.wabaId, accessToken: PHONE_B.token },
  });
  expect(res.status).toBe(200);
});
afterEach(() => closeWorld(w));

async function setAlfa(values: Partial<typeof companies.$inferInsert>) {
  await w.t.kernel.db.update(companies).set(values).where(eq(companies.id, w.admin.companyId));
  await w.t.kernel.companyAccess.invalidate(w.admin.companyId);
}

const entry = (phone: { id: string; wabaId: string }, id: string, text: string) => ({
  id: phone.wabaId,
  changes: [
    {
      field: "messages",
      value: {
        messaging_product: "whatsapp",
        metadata: { display_phone_number: "5511999990000", phone_number_id: phone.id },
        contacts: [{ profile: { name: "Carlos Cloud" }, wa_id: WA_ID }],
        messages: [{ from: WA_ID, id, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: text } }],
      },
    },
  ],
});
const delivery = (...entries: ReturnType<typeof entry>[]) => ({ object: "whatsapp_business_account", entry: entries });
const bodies = async (companyId: number) => (await rows(w.t, "messages", companyId)).map((m) => m.body);

describe("meta webhook: the company's state", () => {
  it("a disabled company's entries are not stored; the delivery still answers 200 and the other company's entry goes in", async () => {
    await setAlfa({ status: false });
    const res = await postWebhook(w.t, delivery(entry(PHONE, "wamid.alfa", "para a Alfa"), entry(PHONE_B, "wamid.beta", "para a Beta")));
    expect(res).toMatchObject({ status: 200, body: { received: true } });
    expect(await bodies(w.admin.companyId)).toEqual([]);
    expect(await rows(w.t, "contacts", w.admin.companyId)).toEqual([]);
    expect(await bodies(betaCompanyId)).toEqual(["para a Beta"]);
  });

  it("Messenger and Instagram entries of a disabled company are dropped the same way", async () => {
    await linkPage(w);
    await setAlfa({ status: false });
    const res = await postWebhook(w.t, payloads.messaging("page", PAGE.id, [payloads.message(PSID, PAGE.id, { mid: "m_off", text: "olá" })]));
    expect(res.status).toBe(200);
    expect(await bodies(w.admin.companyId)).toEqual([]);
  });

  it("once enabled again, the company's entries are stored", async () => {
    await setAlfa({ status: false });
    await postWebhook(w.t, delivery(entry(PHONE, "wamid.off", "desligada")));
    await setAlfa({ status: true });
    expect((await postWebhook(w.t, delivery(entry(PHONE, "wamid.on", "ligada")))).status).toBe(200);
    expect(await bodies(w.admin.companyId)).toEqual(["ligada"]);
  });

  it("an overdue company's customers are still heard", async () => {
    await setAlfa({ dueDate: "2001-01-01" });
    expect((await postWebhook(w.t, delivery(entry(PHONE, "wamid.late", "ainda aí?")))).status).toBe(200);
    expect(await bodies(w.admin.companyId)).toEqual(["ainda aí?"]);
  });
});
