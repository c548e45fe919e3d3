import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { type BotWorld, botWorld } from "./automation.fixtures.ts";

/** Wallets (`DirectTicketsToWallets`): a contact's wallet owner gets its first message, as customer conversations on the API channel. */
let w: BotWorld;
beforeEach(async () => {
  w = await botWorld();
});
afterEach(() => w.close());

const NUMBER = "5511987651234";

/** A contact created through POST /contacts (a plugin never imports another's fixtures). */
async function createContact(body: Record<string, unknown>) {
  const res = await w.t.call("POST", "/contacts", { token: w.admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: number; walletUserId: number | null };
}

/** Two queues (so the normal first message is the menu), and a contact of attendant X's wallet. */
async function walletWorld() {
  const a = await w.queue({ name: "Vendas" });
  const b = await w.queue({ name: "Suporte" });
  await w.connect({ greetingMessage: "Oi!", queueIds: [a.id, b.id] });
  const x = await createUser(w.t, w.api.companyId, { name: "Xavier" });
  const contact = await createContact({ name: "Ana Souza", number: NUMBER, walletUserId: x.user.id });
  expect(contact.walletUserId).toBe(x.user.id);
  return { x, contact };
}

describe("wallets", () => {
  it("enabled: the wallet contact's first message opens the ticket with its owner, with no menu", async () => {
    const { x } = await walletWorld();
    expect((await w.setting("DirectTicketsToWallets", "enabled")).status).toBe(200);
    const { ticketId } = await w.says("Olá", undefined, NUMBER);
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "open", userId: x.user.id, queueId: null, isBot: false });
    expect(await w.botTexts(ticketId)).toEqual([]);
    const mine = await w.t.call("GET", "/tickets?status=open", { token: x.token });
    expect((mine.body.tickets as { id: number }[]).map((t) => t.id)).toContain(ticketId);
  });

  it("disabled: the same contact gets the normal menu and the ticket stays pending", async () => {
    await walletWorld();
    const { ticketId } = await w.says("Olá", undefined, NUMBER);
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "pending", userId: null });
    expect(await w.botTexts(ticketId)).toEqual(["Oi!\n\n*1* - Vendas\n*2* - Suporte"]);
  });

  it("enabled: a contact without an owner gets the normal menu", async () => {
    await walletWorld();
    await w.setting("DirectTicketsToWallets", "enabled");
    const { ticketId } = await w.says("Olá");
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "pending", userId: null });
    expect(await w.botTexts(ticketId)).toEqual(["Oi!\n\n*1* - Vendas\n*2* - Suporte"]);
  });

  it("a connection with nothing else to automate still routes wallet contacts", async () => {
    await w.connect();
    const x = await createUser(w.t, w.api.companyId);
    await createContact({ name: "Ana Souza", number: NUMBER, walletUserId: x.user.id });
    await w.setting("DirectTicketsToWallets", "enabled");
    const { ticketId } = await w.says("Olá", undefined, NUMBER);
    await w.settle();
    expect(await w.ticket(ticketId)).toMatchObject({ status: "open", userId: x.user.id });
  });
});

describe("wallets: security", () => {
  it("PUT /contacts refuses an owner from another company, like an unknown user", async () => {
    const { contact, x } = await walletWorld();
    const other = await createCompanyWithAdmin(w.t, "Outra");
    for (const walletUserId of [other.user.id, 999_999]) {
      const res = await w.t.call("PUT", `/contacts/${contact.id}`, { token: w.admin.token, body: { walletUserId } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { walletUserId: "Invalid user" } });
    }
    expect((await w.t.call("GET", `/contacts/${contact.id}`, { token: w.admin.token })).body.walletUserId).toBe(x.user.id);
  });
});
