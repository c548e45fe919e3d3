import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type InboundStored, INBOUND_PRIORITY } from "../../tickets/server/bot.contract.ts";
import { type BotWorld, botWorld } from "./automation.fixtures.ts";
import { pluginsWithoutKindOwners } from "../../../tests/support/kind-owners.ts";

/**
 * Issue 24: after-inbound steps run by priority and a step may claim a message, so who
 * answers it is decided once. The hand-over handler holding a ticket runs first, a phrase
 * match (a future phrase campaign, here a test step) outranks the chatbot's greeting, and the
 * chatbot outranks steps that only look.
 */
let w: BotWorld;
beforeEach(async () => {
  w = await botWorld(undefined, pluginsWithoutKindOwners());
});
afterEach(() => w.close());

const stepJobs = async () => Number((await w.t.kernel.database.client.execute("SELECT count(*) AS n FROM jobs WHERE kind = 'automation.step'")).rows[0]!.n);

/** A phrase campaign's stand-in: claims any message with "promo", before the chatbot. */
function steps() {
  const phrase: string[] = [];
  const observed: string[] = [];
  const afterInbound = w.t.kernel.services.require("tickets.afterInbound");
  // Added after automation's steps: the priority, not the order of registration, decides.
  afterInbound(({ message }: InboundStored) => void observed.push(message.body));
  afterInbound(
    ({ message }: InboundStored) => {
      if (!message.body.includes("promo")) return undefined;
      phrase.push(message.body);
      return "claimed";
    },
    { priority: INBOUND_PRIORITY.phrase },
  );
  return { phrase, observed };
}

describe("after-inbound priorities and claims", () => {
  it("a phrase match outranks the greeting: the claimed message gets no greeting, no bot turn, and later steps skip it", async () => {
    const seen = steps();
    await w.connect({ greetingMessage: "Bem-vindo!" });
    const promo = await w.says("Quero a promo de verão", "p1", "5511922220001");
    expect(await stepJobs()).toBe(0);
    await w.settle();
    expect(await w.botTexts(promo.ticketId)).toEqual([]);
    expect(seen.phrase).toEqual(["Quero a promo de verão"]);

    // Any other message: the chatbot claims it and greets; the observing step comes after it and skips it too.
    const hello = await w.says("Olá", "h1", "5511922220002");
    await w.settle();
    expect(await w.botTexts(hello.ticketId)).toEqual(["Bem-vindo!"]);
    expect(seen.observed).toEqual([]);

    // A message nobody claims (an attendant's ticket) reaches the observing step.
    const taken = await w.t.call("PUT", `/tickets/${hello.ticketId}`, { token: w.admin.token, body: { status: "open" } });
    expect(taken.status).toBe(200);
    await w.says("Obrigada", "h2", "5511922220002");
    expect(seen.observed).toEqual(["Obrigada"]);
  });

  it("the handler holding the ticket runs first: a phrase on a held ticket is the handler's", async () => {
    const seen = steps();
    const heard: string[] = [];
    w.t.kernel.services.require("automation.registerHandOver")({
      kind: "flow",
      start: () => [],
      onMessage: (_t, message) => {
        heard.push(message.body);
        return [{ type: "send", text: `fluxo: ${message.body}` }];
      },
    });
    await w.connect({ greetingMessage: "Bem-vindo!" });
    const { ticketId } = await w.says("Olá", "f1", "5511922220003");
    await w.settle();
    // A flow takes the conversation through the one hand-over write, as a flow plugin would.
    const applied = await w.t.kernel.services.require("tickets.botApply")(w.api.companyId, ticketId, [{ type: "handOver", holder: "flow:7" }], () => {});
    expect(applied?.ticket.holder).toBe("flow:7");
    await w.says("tem promo?", "f2", "5511922220003");
    await w.settle();
    expect(heard).toEqual(["tem promo?"]);
    expect(seen.phrase).toEqual([]);
    expect((await w.botTexts(ticketId)).at(-1)).toBe("fluxo: tem promo?");
  });
});
