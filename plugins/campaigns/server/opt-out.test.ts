import { afterEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { type CampaignWorld, campaignWorld } from "./campaigns.fixtures.ts";

/** Opt-out through the real server: the customer answers on the API channel; the webhook is their phone. */
let cw: CampaignWorld | null = null;
afterEach(async () => {
  await cw?.w.close();
  cw = null;
});

const [ANA, BIA] = ["5511990000001", "5511990000002"];
const REPLY = "Pronto: você não receberá mais nossas campanhas.";
const bodiesTo = (world: CampaignWorld, number: string) =>
  world
    .received()
    .filter((g) => g.number === number)
    .map((g) => g.body);

describe("opt-out", () => {
  it("a stop word (folded) puts the number on the suppression list with one confirmation; the next campaign skips it and counts it", async () => {
    cw = await campaignWorld();
    const list = await cw.list([ANA!, BIA!]);
    await cw.campaign({ contactListId: list.id, message1: "Promo 1" });
    await cw.w.settle();
    await cw.w.says("  sair! ", "optout-1", ANA!);
    await cw.w.settle();
    expect(bodiesTo(cw, ANA!)).toEqual(["Promo 1", REPLY]);
    const page = await cw.call("GET", "/campaign-suppressions");
    expect(page.body).toMatchObject({ count: 1, hasMore: false, records: [{ number: ANA, source: "reply", repliedAt: expect.any(String) }] });
    // Saying it again: still one row, no second confirmation.
    await cw.w.says("PARAR", "optout-2", ANA!);
    await cw.w.settle();
    expect(bodiesTo(cw, ANA!)).toEqual(["Promo 1", REPLY]);
    expect((await cw.call("GET", "/campaign-suppressions")).body.count).toBe(1);

    const second = await cw.campaign({ contactListId: list.id, message1: "Promo 2" });
    await cw.w.settle();
    expect(bodiesTo(cw, ANA!)).toEqual(["Promo 1", REPLY]);
    expect(bodiesTo(cw, BIA!)).toEqual(["Promo 1", "Promo 2"]);
    expect((await cw.call("GET", `/campaigns/${second.id}/report`)).body).toMatchObject({ status: "FINALIZADA", contacts: 2, delivered: 1, suppressed: 1, failed: 0 });

    // Taken off the list, the number gets the next campaign again.
    const id = page.body.records[0].id;
    expect((await cw.call("DELETE", `/campaign-suppressions/${id}`)).status).toBe(200);
    await cw.campaign({ contactListId: list.id, message1: "Promo 3" });
    await cw.w.settle();
    expect(bodiesTo(cw, ANA!)).toEqual(["Promo 1", REPLY, "Promo 3"]);
  });

  it("a stop word inside a sentence, or from a contact no campaign reached, changes nothing", async () => {
    cw = await campaignWorld();
    const list = await cw.list([ANA!]);
    await cw.campaign({ contactListId: list.id, message1: "Promo" });
    await cw.w.settle();
    await cw.w.says("Quero sair mais cedo hoje", "s-1", ANA!);
    await cw.w.says("SAIR", "s-2", "5511977776666");
    await cw.w.settle();
    expect((await cw.call("GET", "/campaign-suppressions")).body.count).toBe(0);
    expect(cw.received().filter((g) => g.body === REPLY)).toEqual([]);
  });

  it("the stop words and the confirmation are the company's settings; a stop word answered to a confirmation request skips the campaign message", async () => {
    cw = await campaignWorld();
    await cw.call("POST", "/campaign-settings", { settings: { stopWords: ["Chega"], optOutReply: "Ok, removido." } });
    const settings = (await cw.call("GET", "/campaign-settings")).body as { key: string; value: string }[];
    expect(JSON.parse(settings.find((s) => s.key === "stopWords")!.value)).toEqual(["Chega"]);
    const list = await cw.list([ANA!, BIA!]);
    const c = await cw.campaign({ contactListId: list.id, message1: "A oferta", confirmation: true, confirmationMessage1: "Quer a oferta?" });
    await cw.w.settle();
    await cw.w.says("SAIR", "c-1", BIA!); // no longer a stop word: it confirms
    await cw.w.says("chegá", "c-2", ANA!);
    await cw.w.settle();
    expect(bodiesTo(cw, ANA!)).toEqual(["Quer a oferta?", "Ok, removido."]);
    expect(bodiesTo(cw, BIA!)).toEqual(["Quer a oferta?", "A oferta"]);
    expect((await cw.call("GET", `/campaigns/${c.id}/report`)).body).toMatchObject({ confirmed: 1, delivered: 1, suppressed: 1 });
    expect((await cw.call("POST", "/campaign-settings", { settings: { stopWords: [""] } })).status).toBe(400);
  });

  it("admins add and remove numbers by hand, each company its own; bad input gets field messages", async () => {
    cw = await campaignWorld();
    const added = await cw.call("POST", "/campaign-suppressions", { number: "+55 (11) 98888-7777" });
    expect(added.body).toMatchObject({ number: "5511988887777", source: "manual" });
    expect((await cw.call("POST", "/campaign-suppressions", { number: "5511988887777" })).body.id).toBe(added.body.id);
    expect((await cw.call("POST", "/campaign-suppressions", { number: "123" })).body).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await cw.call("GET", "/campaign-suppressions?searchParam=8888")).body.count).toBe(1);
    expect((await cw.call("GET", "/campaign-suppressions?searchParam=1234")).body.count).toBe(0);
    const other = await createCompanyWithAdmin(cw.w.t, "Outra");
    expect((await cw.w.t.call("GET", "/campaign-suppressions", { token: other.token })).body.count).toBe(0);
    expect((await cw.w.t.call("DELETE", `/campaign-suppressions/${added.body.id}`, { token: other.token })).body.error).toBe("ERR_NO_SUPPRESSION_FOUND");
    expect((await cw.call("DELETE", `/campaign-suppressions/${added.body.id}/`)).status).toBe(200);
    expect((await cw.call("DELETE", `/campaign-suppressions/${added.body.id}`)).status).toBe(404);
  });
});
