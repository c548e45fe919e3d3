import { afterEach, describe, expect, it } from "vitest";
import { messagesApiRequests } from "../schema/tables.ts";
import { IdempotencyKeys, KEY_TTL_MS } from "./idempotency.ts";
import { deliveredMessages, mediaForm, messagesApiWorld, type MessagesApiWorld, rowsOfCompany, sendApi } from "./messages-api.fixtures.ts";

/** Idempotency-Key (exactly once per key, 24 hours) and the per-connection rate limit. */
let w: MessagesApiWorld;
afterEach(() => w.close());

const text = { number: "5511987654321", body: "Pedido 42 confirmado" };
const key = (k: string) => ({ "idempotency-key": k });

describe("public messages API: Idempotency-Key", () => {
  it("a retried request answers the first result and sends nothing again (one webhook delivery)", async () => {
    w = await messagesApiWorld();
    const first = await sendApi(w.t, w.api.token, text, key("pedido-42"));
    const retry = await sendApi(w.t, w.api.token, { ...text }, key("pedido-42"));
    expect(first.status).toBe(202);
    expect(retry).toMatchObject({ status: 202, body: first.body });
    expect((await rowsOfCompany(w.t, w.api.companyId)).messages).toHaveLength(1);
    expect(await deliveredMessages(w)).toHaveLength(1);
    // Another key is another send.
    expect((await sendApi(w.t, w.api.token, text, key("pedido-43"))).body.messageId).not.toBe(first.body.messageId);
  });

  it("the same key with a different body: 422 ERR_IDEMPOTENCY_KEY_REUSED, nothing sent", async () => {
    w = await messagesApiWorld();
    await sendApi(w.t, w.api.token, text, key("k1"));
    expect(await sendApi(w.t, w.api.token, { ...text, body: "outro texto" }, key("k1"))).toMatchObject({ status: 422, body: { error: "ERR_IDEMPOTENCY_KEY_REUSED" } });
    expect(await sendApi(w.t, w.api.token, { ...text, closeTicket: true }, key("k1"))).toMatchObject({ status: 422 });
    expect((await rowsOfCompany(w.t, w.api.companyId)).messages).toHaveLength(1);
  });

  it("a media request retried with the same file is one send; another file under the key is 422", async () => {
    w = await messagesApiWorld();
    const file = () => new File(["conteúdo"], "nota.pdf", { type: "application/pdf" });
    const a = await sendApi(w.t, w.api.token, mediaForm({ number: "5511987654321" }, [file()]), key("m1"));
    const b = await sendApi(w.t, w.api.token, mediaForm({ number: "5511987654321" }, [file()]), key("m1"));
    expect(b.body).toEqual(a.body);
    const other = new File(["outro conteúdo"], "nota.pdf", { type: "application/pdf" });
    expect((await sendApi(w.t, w.api.token, mediaForm({ number: "5511987654321" }, [other]), key("m1"))).status).toBe(422);
    expect(await deliveredMessages(w)).toHaveLength(1);
  });

  it("concurrent requests with one key: one send, every answer the same", async () => {
    w = await messagesApiWorld();
    const answers = await Promise.all(Array.from({ length: 8 }, () => sendApi(w.t, w.api.token, text, key("race"))));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(202));
    expect(new Set(answers.map((a) => a.body.messageId)).size).toBe(1);
    expect((await rowsOfCompany(w.t, w.api.companyId)).messages).toHaveLength(1);
    expect(await deliveredMessages(w)).toHaveLength(1);
  });

  it("concurrent requests with one key and different numbers: one 202, the others 422, and the refused ones leave nothing behind (not even their contacts)", async () => {
    w = await messagesApiWorld();
    const numbers = Array.from({ length: 8 }, (_, i) => `55119${String(11_110_000 + i)}`);
    const answers = await Promise.all(numbers.map((number) => sendApi(w.t, w.api.token, { number, body: "corrida" }, key("twin"))));
    expect(answers.map((a) => a.status).sort()).toEqual([202, ...Array(7).fill(422)]);
    // The key is claimed before the contact is found or created, in the send's one write unit.
    const contacts = await w.t.kernel.database.client.execute({ sql: "SELECT number FROM contacts WHERE company_id = ?", args: [w.api.companyId] });
    expect(contacts.rows).toHaveLength(1);
    expect((await rowsOfCompany(w.t, w.api.companyId)).messages).toHaveLength(1);
  });

  it("after 24 hours the key is free again, and the sweep deletes it", async () => {
    w = await messagesApiWorld();
    await sendApi(w.t, w.api.token, text, key("old"));
    await w.t.kernel.db.update(messagesApiRequests).set({ createdAt: Date.now() - KEY_TTL_MS - 1000 });
    const again = await sendApi(w.t, w.api.token, { ...text, body: "novo dia" }, key("old"));
    expect(again.status).toBe(202);
    expect((await rowsOfCompany(w.t, w.api.companyId)).messages).toHaveLength(2);
    await w.t.kernel.db.update(messagesApiRequests).set({ createdAt: Date.now() - KEY_TTL_MS - 1000 });
    expect(await new IdempotencyKeys(w.t.kernel.db).sweep()).toBe(1);
    expect(await w.t.kernel.db.select().from(messagesApiRequests)).toEqual([]);
  });

  it("a malformed key is a field error", async () => {
    w = await messagesApiWorld();
    expect(await sendApi(w.t, w.api.token, text, key("with space"))).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
    expect(await sendApi(w.t, w.api.token, text, key("x".repeat(201)))).toMatchObject({ status: 400 });
  });
});

describe("public messages API: rate limit per connection", () => {
  it("over MESSAGES_API_RATE / MESSAGES_API_BURST: 429 ERR_TOO_MANY_ATTEMPTS with Retry-After, nothing stored for it", async () => {
    w = await messagesApiWorld({ MESSAGES_API_RATE: "1", MESSAGES_API_BURST: "3" });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await sendApi(w.t, w.api.token, { ...text, body: `n${i}` }));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 429, 429]);
    expect(answers[3]!.body).toMatchObject({ error: "ERR_TOO_MANY_ATTEMPTS" });
    expect(Number(answers[3]!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await rowsOfCompany(w.t, w.api.companyId)).messages).toHaveLength(3);
  });

  it("the default lets a burst of 40 through", async () => {
    w = await messagesApiWorld();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => sendApi(w.t, w.api.token, { ...text, body: `b${i}` })));
    expect(answers.filter((a) => a.status === 202)).toHaveLength(40);
  });
});
