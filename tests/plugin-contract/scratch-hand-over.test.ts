import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withoutKindOwners } from "../support/without-kind-owners.ts";
import { createTestKernel, type TestKernel } from "../support/test-kernel.ts";
import scratchBoard from "./scratch-board/server/index.ts";

/**
 * Issue 24's "done means": the scratch plugin's hand-over provider (its own file, registered
 * with automation's registry at setup) takes a conversation when the customer picks a chatbot
 * option of type "Integração", echoes it, and hands it back on its keyword.
 */
let t: TestKernel;
let admin: string;
beforeEach(async () => {
  t = await createTestKernel({ plugins: [...withoutKindOwners(), scratchBoard] });
  admin = (await t.login()).token;
});
afterEach(() => t.close());

const settle = async () => {
  while ((await t.kernel.jobs.runDue()) > 0) {}
};

describe("scratch plugin: hand-over provider", () => {
  it("registers the integration kind, answers a handed conversation and ends on its keyword", async () => {
    expect(t.kernel.services.require("automation.handOverKinds")()).toContain("integration");
    // The option names one of the company's cards: the plugin vouches for it with the queues plugin's reference registry.
    expect((await t.call("PUT", "/plans/1", { token: admin, body: { useScratchBoard: true } })).status).toBe(200);
    const card = await t.call("POST", "/scratch-board", { token: admin, body: { title: "Eco" } });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const unknown = await t.call("POST", "/queue", {
      token: admin,
      body: { name: "X", color: "#654321", greetingMessage: "", chatbots: [{ name: "Eco", greetingMessage: "", queueType: "integration", optIntegrationId: card.body.id + 99 }] },
    });
    expect(unknown.status).toBe(400);
    const queue = await t.call("POST", "/queue", {
      token: admin,
      body: {
        name: "Robôs",
        color: "#123456",
        greetingMessage: "Escolha:",
        chatbots: [
          { name: "Eco bot", greetingMessage: "", queueType: "integration", optIntegrationId: card.body.id },
          { name: "Humano", greetingMessage: "Aguarde", queueType: "text" },
        ],
      },
    });
    expect(queue.status, JSON.stringify(queue.body)).toBe(200);
    const api = await t.call("POST", "/whatsapp", { token: admin, body: { name: "API", channel: "api", queueIds: [queue.body.id] } });
    expect(api.status).toBe(200);
    let n = 0;
    const says = async (body: string) => {
      const res = await t.call("POST", "/channels/api/inbound", {
        body: { id: `s-${++n}`, number: "5511933330001", name: "Rui", body },
        headers: { authorization: `Bearer ${api.body.token}` },
      });
      expect(res.status).toBe(200);
      await settle();
      return res.body.ticketId as number;
    };
    const botTexts = async (ticketId: number) =>
      (await t.kernel.database.client.execute({ sql: "SELECT body FROM messages WHERE ticket_id = ? AND from_me = 1 ORDER BY id", args: [ticketId] })).rows.map((r) =>
        String(r.body),
      );

    const ticketId = await says("Olá");
    await says("1");
    expect((await botTexts(ticketId)).at(-1)).toBe(`Scratch ${card.body.id}: escreva "fim" para voltar ao atendimento.`);
    expect((await t.call("GET", `/tickets/${ticketId}`, { token: admin })).body).toMatchObject({
      holder: `integration:${card.body.id}`,
      useIntegration: true,
      integrationId: card.body.id,
    });
    await says("tudo bem?");
    expect((await botTexts(ticketId)).at(-1)).toBe("Scratch: tudo bem?");
    await says("FIM");
    expect((await t.call("GET", `/tickets/${ticketId}`, { token: admin })).body).toMatchObject({ holder: null, useIntegration: false, status: "pending" });
    const count = (await botTexts(ticketId)).length;
    await says("alô?");
    expect((await botTexts(ticketId)).length).toBe(count);
  });
});
