import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { closeWorld, linkPage, metaWorld, PAGE, payloads, postWebhook, PSID, rows, sign, VERIFY_TOKEN, type MetaWorld } from "./meta.fixtures.ts";

let w: MetaWorld;
beforeEach(async () => {
  w = await metaWorld();
});
afterEach(() => closeWorld(w));

const verify = (t: TestKernel, query: string) => t.kernel.app.request(`/channels/meta/webhook?${query}`, {}, { remoteAddress: "127.0.0.1" });
const text = (pageId: string, mid: string) => payloads.messaging("page", pageId, [payloads.message(PSID, pageId, { mid, text: "oi" })]);

describe("webhook verification (hub.challenge)", () => {
  it("answers the challenge as plain text for the configured verify token", async () => {
    const res = await verify(w.t, `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(await res.text()).toBe("1158201444");
  });

  it("refuses a wrong token, a wrong mode and a missing token with 403", async () => {
    for (const q of [`hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`, `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`, "hub.challenge=1"]) {
      const res = await verify(w.t, q);
      expect(res.status, q).toBe(403);
      expect(await res.json()).toMatchObject({ error: "ERR_INVALID_TOKEN" });
    }
  });

  it("refuses every verification when META_VERIFY_TOKEN is not configured", async () => {
    const t = await createTestKernel();
    try {
      const res = await verify(t, "hub.mode=subscribe&hub.verify_token=&hub.challenge=1");
      expect(res.status).toBe(403);
    } finally {
      await t.close();
    }
  });
});

describe("webhook signatures (X-Hub-Signature-256)", () => {
  it("a missing, malformed or wrong signature is refused and nothing is stored", async () => {
    await linkPage(w);
    const payload = text(PAGE.id, "m_unsigned");
    const raw = JSON.stringify(payload);
    for (const signature of [null, "sha1=abc", "sha256=zz", sign(raw, "another-secret"), sign(`${raw} `)]) {
      const res = await postWebhook(w.t, raw, signature);
      expect(res.status, String(signature)).toBe(403);
      expect(res.body).toMatchObject({ error: "ERR_INVALID_TOKEN" });
    }
    expect(await rows(w.t, "messages", w.admin.companyId)).toEqual([]);
    expect(await rows(w.t, "contacts", w.admin.companyId)).toEqual([]);
    expect(await rows(w.t, "meta_last_inbound", w.admin.companyId)).toEqual([]);
  });

  it("a body changed after signing is refused", async () => {
    await linkPage(w);
    const raw = JSON.stringify(text(PAGE.id, "m_tampered"));
    const res = await postWebhook(w.t, raw.replace('"oi"', '"pwned"'), sign(raw));
    expect(res.status).toBe(403);
    expect(await rows(w.t, "messages", w.admin.companyId)).toEqual([]);
  });

  it("without META_APP_SECRET every delivery is refused", async () => {
    const t = await createTestKernel({ env: { META_GRAPH_URL: w.graph.url } });
    try {
      const raw = JSON.stringify(text(PAGE.id, "m_nosecret"));
      const res = await postWebhook(t, raw, sign(raw));
      expect(res.status).toBe(403);
      expect(res.body.detail).toContain("META_APP_SECRET");
    } finally {
      await t.close();
    }
  });

  it("a valid signature for an account nobody linked answers 200 and stores nothing", async () => {
    const res = await postWebhook(w.t, text("555000", "m_unknown"));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(await rows(w.t, "messages", w.admin.companyId)).toEqual([]);
  });

  it("signed garbage is a validation error, unknown objects are ignored", async () => {
    expect((await postWebhook(w.t, "{not json")).status).toBe(400);
    expect((await postWebhook(w.t, { object: "user", entry: [{ id: "1", changes: [] }] })).status).toBe(200);
    expect((await postWebhook(w.t, { object: "page", entry: "nope" })).status).toBe(200);
  });
});
