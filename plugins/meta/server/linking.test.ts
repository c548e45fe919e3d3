import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin, createPlan, createUser } from "../../../tests/support/fixtures.ts";
import { closeWorld, linkCloud, linkPage, metaWorld, PAGE, PHONE, rows, type MetaWorld } from "./meta.fixtures.ts";

let w: MetaWorld;
beforeEach(async () => {
  w = await metaWorld();
});
afterEach(() => closeWorld(w));

const link = (body: unknown, token = w.admin.token) => w.t.call("POST", "/facebook", { token, body });
const cloud = (body: unknown, token = w.admin.token) => w.t.call("POST", "/channels/whatsappapi", { token, body });
const fbBody = (extra: Record<string, unknown> = {}) => ({ facebookUserId: w.graph.user.id, facebookUserToken: w.graph.user.token, addInstagram: true, ...extra });
const cloudBody = (extra: Record<string, unknown> = {}) => ({ name: "Cloud API", phoneNumberId: PHONE.id, wabaId: PHONE.wabaId, accessToken: PHONE.token, ...extra });

async function companyWithPlan(flags: Record<string, boolean | number>) {
  const planId = await createPlan(w.t, flags);
  return createCompanyWithAdmin(w.t, `Empresa ${Math.random().toString(36).slice(2, 7)}`, { planId });
}

describe("POST /facebook links Pages and Instagram accounts", () => {
  it("creates a CONNECTED facebook connection per Page and an instagram one per linked account", async () => {
    const res = await link(fbBody());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe("ok");
    expect(res.body.connections.map((c: any) => [c.channel, c.name, c.status])).toEqual([
      ["facebook", PAGE.name, "CONNECTED"],
      ["instagram", PAGE.instagram.username, "CONNECTED"],
    ]);
    const listed = (await w.t.call("GET", "/whatsapp", { token: w.admin.token })).body;
    expect(listed.map((c: any) => [c.channel, c.status])).toEqual([
      ["facebook", "CONNECTED"],
      ["instagram", "CONNECTED"],
    ]);
    const accounts = await rows(w.t, "meta_accounts", w.admin.companyId);
    expect(accounts.map((a) => [a.kind, a.account_id, a.page_id])).toEqual([
      ["facebook", PAGE.id, PAGE.id],
      ["instagram", PAGE.instagram.id, PAGE.id],
    ]);
    // The Page is subscribed to the app's webhooks with the Page token.
    const sub = w.graph.requests.find((r) => r.path.endsWith(`/${PAGE.id}/subscribed_apps`));
    expect(sub).toMatchObject({
      method: "POST",
      token: PAGE.token,
      query: { subscribed_fields: "messages,message_deliveries,message_reads,message_reactions,message_edits,messaging_postbacks" },
    });
  });

  it("without addInstagram only the Page is linked", async () => {
    const res = await link(fbBody({ addInstagram: false }));
    expect(res.body.connections.map((c: any) => c.channel)).toEqual(["facebook"]);
  });

  it("linking again refreshes the tokens and creates nothing new", async () => {
    const first = await linkPage(w);
    w.graph.user.pages[0]!.token = "page-token-rotated";
    const again = await link(fbBody());
    expect(again.body.connections.map((c: any) => c.id)).toEqual(first.connections.map((c) => c.id));
    expect((await w.t.call("GET", "/whatsapp", { token: w.admin.token })).body).toHaveLength(2);
    const sealed = (await rows(w.t, "meta_accounts", w.admin.companyId)).map((a) => a.access_token);
    const opened = await Promise.all(sealed.map((s) => w.t.kernel.vault.openText(s)));
    expect(opened).toEqual(["page-token-rotated", "page-token-rotated"]);
  });

  it("a Page another company linked is skipped, not taken over", async () => {
    await linkPage(w);
    const other = await createCompanyWithAdmin(w.t, "Meta Beta");
    const res = await link(fbBody(), other.token);
    expect(res.status).toBe(200);
    expect(res.body.connections).toEqual([]);
    expect(res.body.skipped.map((s: any) => s.channel)).toEqual(["facebook", "instagram"]);
    expect(await rows(w.t, "meta_accounts", other.company.id)).toEqual([]);
  });
});

describe("POST /channels/whatsappapi creates a Cloud API connection", () => {
  it("checks the number with Graph, stores the sealed token and answers the connection", async () => {
    const res = await cloud(cloudBody());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: "Cloud API", channel: "whatsappapi", status: "CONNECTED", number: "5511999990000", companyId: w.admin.companyId, queueIds: [] });
    expect(typeof res.body.token).toBe("string");
    const [account] = await rows(w.t, "meta_accounts", w.admin.companyId);
    expect(account).toMatchObject({ kind: "whatsappapi", account_id: PHONE.id, waba_id: PHONE.wabaId, whatsapp_id: res.body.id });
    expect(w.graph.requests.find((r) => r.path.endsWith(`/${PHONE.id}`))).toMatchObject({
      method: "GET",
      token: PHONE.token,
      query: { fields: "display_phone_number,verified_name" },
    });
    expect(w.graph.requests.some((r) => r.method === "POST" && r.path.endsWith(`/${PHONE.wabaId}/subscribed_apps`))).toBe(true);
  });

  it("deleting the connection removes its account", async () => {
    const conn = await linkCloud(w);
    expect((await w.t.call("DELETE", `/whatsapp/${conn.id}`, { token: w.admin.token })).status).toBe(200);
    expect(await rows(w.t, "meta_accounts", w.admin.companyId)).toEqual([]);
  });
});

describe("linking errors", () => {
  it("a bad or expired Facebook token is a field error on facebookUserToken", async () => {
    const res = await link(fbBody({ facebookUserToken: "expired" }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { facebookUserToken: "Invalid or expired Facebook token" } });
    expect(await rows(w.t, "meta_accounts", w.admin.companyId)).toEqual([]);
  });

  it("a user id that is not the token's is refused", async () => {
    const res = await link(fbBody({ facebookUserId: "999" }));
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { facebookUserId: "Does not match the token" } });
  });

  it("missing fields name the fields", async () => {
    const res = await link({});
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(["facebookUserId", "facebookUserToken"]);
    const bad = await cloud({ name: "x", phoneNumberId: "abc" });
    expect(bad.body.fields).toMatchObject({ name: "Too Short!", phoneNumberId: "Invalid value", accessToken: "Required" });
  });

  it("a bad Cloud API token or an unknown number is a field error", async () => {
    expect((await cloud(cloudBody({ accessToken: "nope" }))).body).toMatchObject({ error: "ERR_VALIDATION", fields: { accessToken: "Invalid or expired access token" } });
    expect((await cloud(cloudBody({ phoneNumberId: "123" }))).body).toMatchObject({ error: "ERR_VALIDATION", fields: { phoneNumberId: expect.any(String) } });
    expect(await rows(w.t, "meta_accounts", w.admin.companyId)).toEqual([]);
  });

  it("plan flags off answer the connections error and link nothing", async () => {
    const noFb = await companyWithPlan({ useFacebook: false });
    expect((await link(fbBody(), noFb.token)).body).toEqual({ error: "ERR_PLAN_FEATURE_DISABLED", flag: "useFacebook" });
    const noIg = await companyWithPlan({ useInstagram: false });
    expect((await link(fbBody(), noIg.token)).body).toEqual({ error: "ERR_PLAN_FEATURE_DISABLED", flag: "useInstagram" });
    const noWa = await companyWithPlan({ useWhatsapp: false });
    expect((await cloud(cloudBody(), noWa.token)).body).toEqual({ error: "ERR_PLAN_FEATURE_DISABLED", flag: "useWhatsapp" });
    for (const c of [noFb, noIg, noWa]) expect(await rows(w.t, "whatsapps", c.company.id)).toEqual([]);
  });

  it("the plan's connection limit applies to the whole link: nothing is created when it does not all fit", async () => {
    const small = await companyWithPlan({ connections: 1 });
    // The limit named is the kernel's PlanLimits' answer (the one object every limit check asks).
    const asked = vi.spyOn(w.t.kernel.planLimits, "forCompany");
    const res = await link(fbBody(), small.token);
    expect(res.body).toMatchObject({ error: "ERR_PLAN_LIMIT_CONNECTIONS", limit: 1 });
    expect(asked.mock.calls.map(([companyId]) => companyId)).toContain(small.company.id);
    expect(await rows(w.t, "whatsapps", small.company.id)).toEqual([]);
    expect(w.graph.requests.some((r) => r.path.endsWith("/subscribed_apps"))).toBe(false);
  });

  it("a Graph API that cannot be reached answers 502 ERR_UPSTREAM_UNAVAILABLE (retry later), not a crash", async () => {
    const down = await metaWorld({ META_GRAPH_URL: "http://127.0.0.1:9/v21.0" });
    try {
      for (const [path, body] of [
        ["/facebook", fbBody()],
        ["/channels/whatsappapi", cloudBody()],
      ] as const) {
        const res = await down.t.call("POST", path, { token: down.admin.token, body });
        expect(res.status, path).toBe(502);
        expect(res.body.error, path).toBe("ERR_UPSTREAM_UNAVAILABLE");
      }
      expect(await rows(down.t, "whatsapps", down.admin.companyId)).toEqual([]);
    } finally {
      await closeWorld(down);
    }
  });

  it("a token no Authorization header could carry is a field error before any Graph call", async () => {
    for (const token of ["a\u0000b", "tok en", "tökén", "\u202etoken"]) {
      expect((await link(fbBody({ facebookUserToken: token }))).body, token).toMatchObject({ error: "ERR_VALIDATION", fields: { facebookUserToken: "Invalid token" } });
      expect((await cloud(cloudBody({ accessToken: token }))).body, token).toMatchObject({ error: "ERR_VALIDATION", fields: { accessToken: "Invalid token" } });
    }
    expect(w.graph.requests).toEqual([]);
  });

  it("a Cloud API number another company linked is refused", async () => {
    await linkCloud(w);
    const other = await createCompanyWithAdmin(w.t, "Meta Gama");
    expect((await cloud(cloudBody(), other.token)).body).toMatchObject({ error: "ERR_VALIDATION", fields: { phoneNumberId: expect.stringContaining("Already linked") } });
  });
});

describe("linking security", () => {
  it("plain users without the connections rule cannot link", async () => {
    const plain = await createUser(w.t, w.admin.companyId);
    expect((await link(fbBody(), plain.token)).body).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await cloud(cloudBody(), plain.token)).body).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await w.t.call("POST", "/facebook", { body: fbBody() })).status).toBe(401);
  });

  it("access tokens are sealed at rest and never answered", async () => {
    const fb = await link(fbBody());
    const wa = await cloud(cloudBody());
    const answers = JSON.stringify([fb.body, wa.body, (await w.t.call("GET", "/whatsapp", { token: w.admin.token })).body]);
    for (const secret of [PAGE.token, PHONE.token, w.graph.user.token]) expect(answers).not.toContain(secret);
    const raw = JSON.stringify(await rows(w.t, "meta_accounts", w.admin.companyId));
    for (const secret of [PAGE.token, PHONE.token]) expect(raw).not.toContain(secret);
    expect(raw).toContain('"access_token":"v1.');
  });
});
