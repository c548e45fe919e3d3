import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { closeWorld, linkCloud, linkPage, metaWorld, PAGE, payloads, postWebhook, PSID, rows, type MetaWorld } from "./meta.fixtures.ts";
import { openConversation } from "./meta-outbound.fixtures.ts";

let w: MetaWorld;
beforeEach(async () => {
  w = await metaWorld();
});
afterEach(() => closeWorld(w));

describe("tenancy of Meta connections and conversations", () => {
  it("another company sees none of them and cannot answer them", async () => {
    await linkPage(w);
    await linkCloud(w);
    const ticket = await openConversation(w, payloads.messaging("page", PAGE.id, [payloads.message(PSID, PAGE.id, { mid: "m_a", text: "segredo da Alfa" })]));
    await postWebhook(w.t, payloads.cloudMessage({ id: "wamid.A", type: "text", text: { body: "segredo da Alfa" } }));
    const b = await createCompanyWithAdmin(w.t, "Meta Beta");

    const seen = JSON.stringify([
      (await w.t.call("GET", "/whatsapp", { token: b.token })).body,
      (await w.t.call("GET", "/tickets?status=open&showAll=true", { token: b.token })).body,
      (await w.t.call("GET", "/tickets?status=pending&showAll=true", { token: b.token })).body,
      (await w.t.call("GET", `/messages/${ticket.uuid}`, { token: b.token })).body,
    ]);
    expect(seen).not.toContain("segredo da Alfa");
    expect(seen).not.toContain(PAGE.name);
    const answer = await w.t.call("POST", `/messages/${ticket.id}`, { token: b.token, body: { body: "intruso" } });
    expect(answer.status).toBe(404);
    await w.t.kernel.jobs.runDue();
    expect(w.graph.sends()).toEqual([]);
    for (const table of ["meta_accounts", "meta_last_inbound", "messages", "contacts"]) expect(await rows(w.t, table, b.company.id), table).toEqual([]);
  });
});
