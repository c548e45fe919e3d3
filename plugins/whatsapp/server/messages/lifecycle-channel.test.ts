import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rows, type WaHarness, waHarness } from "./message-layer.fixtures.ts";
import { openConversation } from "./outbound.fixtures.ts";
import { CUSTOMER_JID, payloads, waMessage } from "./wa-payloads.fixtures.ts";

/**
 * Issue 14 on the WhatsApp channel (the fake Baileys boundary): the rating question, the
 * customer's answer read from a real-shaped message, and the farewell reach the socket like
 * any outbound text; the lifecycle is channel-blind past the driver.
 */
let h: WaHarness;
beforeEach(async () => {
  h = await waHarness({ connection: { ratingMessage: "Nota de 0 a 10?", complationMessage: "Até logo, {{firstName}}!", expiresTicketNPS: 60 } });
});
afterEach(() => h.t.close());

const settle = async () => {
  for (let i = 0; i < 5; i++) await h.t.kernel.jobs.runDue();
};
const texts = () => h.socket.sent.map((s) => (s.content as { text?: string }).text).filter(Boolean);

describe("lifecycle on WhatsApp", () => {
  it("resolve with rating: the question and, after the customer's '8', the farewell go through the socket; the rating is stored", async () => {
    await h.t.kernel.settings.setCompany(h.admin.companyId, "userRating", "enabled");
    const c = await openConversation(h);
    const res = await h.t.call("PUT", `/tickets/${c.ticketId}`, { token: h.admin.token, body: { status: "nps", userId: h.admin.userId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe("nps");
    await settle();
    expect(texts()).toEqual(["Nota de 0 a 10?"]);
    expect(h.socket.sent[0]!.jid).toBe(CUSTOMER_JID);

    await h.deliver([waMessage(payloads.text("8"))]);
    await settle();
    const ticket = (await rows(h.t, "tickets", h.admin.companyId)).find((t) => t.id === c.ticketId)!;
    expect(ticket).toMatchObject({ status: "closed", userRating: 8 });
    expect(texts().at(-1)).toMatch(/^Até logo, .+!$/);
  });

  it("accepting sends greetingAcceptedMessage (sendGreetingAccepted) with its variables through the socket", async () => {
    await h.t.kernel.settings.setCompany(h.admin.companyId, "sendGreetingAccepted", "enabled");
    await h.t.kernel.settings.setCompany(h.admin.companyId, "greetingAcceptedMessage", "Olá {{firstName}}, sou {{user}} e vou te atender.");
    await h.deliver([waMessage(payloads.text("oi"))]);
    const ticket = (await rows(h.t, "tickets", h.admin.companyId)).at(-1)!;
    expect(ticket.status).toBe("pending");
    const res = await h.t.call("PUT", `/tickets/${ticket.id}`, { token: h.admin.token, body: { status: "open", userId: h.admin.userId } });
    expect(res.status).toBe(200);
    await settle();
    expect(texts()).toHaveLength(1);
    expect(texts()[0]).toMatch(/^Olá .+, sou .+ e vou te atender\.$/);
    expect(texts()[0]).not.toContain("{{");
  });

  it("resolve with the farewell sends the connection's complationMessage through the socket", async () => {
    const c = await openConversation(h);
    const res = await h.t.call("PUT", `/tickets/${c.ticketId}`, { token: h.admin.token, body: { status: "closed", userId: h.admin.userId, sendFarewellMessage: true } });
    expect(res.status).toBe(200);
    await settle();
    expect(texts()).toHaveLength(1);
    expect(texts()[0]).toMatch(/^Até logo, .+!$/);
  });
});
