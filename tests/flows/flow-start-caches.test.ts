import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BotWorld, botWorld } from "../../plugins/automation/server/automation.fixtures.ts";

/** The start rules keep a company's phrases and a connection's flows in process: a change is seen by the next message. */
let w: BotWorld;
beforeEach(async () => {
  w = await botWorld();
});
afterEach(() => w.close());

const start = { id: "start", type: "start", position: { x: 0, y: 0 }, data: { label: "Inicio do fluxo" } };
const says = (id: string, label: string) => ({
  nodes: [start, { id, type: "message", position: { x: 0, y: 0 }, data: { label } }],
  connections: [{ id: "e", source: "start", target: id, sourceHandle: "a", targetHandle: "b" }],
});

async function flow(name: string, label: string) {
  const created = await w.t.call("POST", "/flowbuilder", { token: w.admin.token, body: { name } });
  await w.t.call("POST", "/flowbuilder/flow", { token: w.admin.token, body: { idFlow: created.body.id, ...says("m", label) } });
  return created.body.id as number;
}

async function say(text: string, number: string) {
  const r = await w.says(text, undefined, number);
  await w.settle();
  return (await w.botTexts(r.ticketId)).at(-1);
}

describe("flows: start rules' caches", () => {
  it("a connection's new welcome flow and a new phrase apply to the very next message", async () => {
    const a = await flow("Fluxo A", "Fluxo A");
    const b = await flow("Fluxo B", "Fluxo B");
    await w.connect({ greetingMessage: "", queueIds: [], flowIdWelcome: a });
    expect(await say("oi", "5511955550001")).toBe("Fluxo A");
    const put = await w.t.call("PUT", `/whatsapp/${w.api.id}`, { token: w.admin.token, body: { flowIdWelcome: b } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await say("oi", "5511955550002")).toBe("Fluxo B");

    // A message that is no phrase loads the company's phrase set; a campaign created right after still matches.
    await w.t.call("PUT", `/whatsapp/${w.api.id}`, { token: w.admin.token, body: { flowIdWelcome: null } });
    expect(await say("nada", "5511955550003")).toBeUndefined();
    const phrase = await w.t.call("POST", "/flowcampaign", { token: w.admin.token, body: { name: "P", phrase: "Quero B", flowId: b } });
    expect(phrase.status).toBe(200);
    expect(await say("quero b", "5511955550004")).toBe("Fluxo B");
  });
});
