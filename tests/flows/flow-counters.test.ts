import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BotWorld, botWorld } from "../../plugins/automation/server/automation.fixtures.ts";
import { closeDebounceWindows } from "./flow-world.ts";

/** Issue 26's counters per node: conversations that reached each node in the last 30 days. */
let w: BotWorld;
beforeEach(async () => {
  w = await botWorld();
});
afterEach(() => w.close());

const start = { id: "start", type: "start", position: { x: 0, y: 0 }, data: { label: "Inicio do fluxo" } };
const node = (id: string, type: string, data: Record<string, unknown>) => ({ id, type, position: { x: 0, y: 0 }, data });
const edge = (source: string, target: string, sourceHandle = "a") => ({ id: `${source}-${target}-${sourceHandle}`, source, target, sourceHandle, targetHandle: "b" });

async function say(text: string, number: string) {
  const r = await w.says(text, undefined, number);
  await w.settle();
  await closeDebounceWindows(w);
  return r;
}

describe("flows: counters per node", () => {
  it("counts each node once per conversation that reached it, within the last 30 days", async () => {
    const created = await w.t.call("POST", "/flowbuilder", { token: w.admin.token, body: { name: "Contado" } });
    const id = created.body.id as number;
    const nodes = [
      start,
      node("menu", "menu", {
        message: "Escolha:",
        arrayOption: [
          { number: 1, value: "Preços" },
          { number: 2, value: "Prazo" },
        ],
      }),
      node("p", "message", { label: "Tabela" }),
      node("z", "message", { label: "Prazo" }),
    ];
    await w.t.call("POST", "/flowbuilder/flow", {
      token: w.admin.token,
      body: { idFlow: id, nodes, connections: [edge("start", "menu"), edge("menu", "p", "a1"), edge("menu", "z", "a2"), edge("p", "menu")] },
    });
    const counters = async () => {
      const res = await w.t.call("GET", `/flowbuilder/${id}/counters`, { token: w.admin.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { since: string; counters: Record<string, number> };
    };
    // Every node of the published version, none reached yet.
    expect((await counters()).counters).toEqual({ start: 0, menu: 0, p: 0, z: 0 });

    await w.connect({ greetingMessage: "", queueIds: [], flowIdWelcome: id });
    await say("oi", "5511944440001");
    // An invalid answer repeats the menu, and option 1 leads back to it: still one conversation at the menu.
    await say("9", "5511944440001");
    await say("1", "5511944440001");
    expect((await w.botTexts()).filter((t) => t.startsWith("Escolha:"))).toHaveLength(3);
    await say("oi", "5511944440002");
    await say("2", "5511944440002");
    await say("oi", "5511944440003");

    // A row older than the window is not counted.
    await w.t.kernel.database.client.execute({
      sql: "INSERT INTO flow_node_counts (company_id, flow_id, node_id, day, count) VALUES (?, ?, 'p', '2000-01-01', 50)",
      args: [w.api.companyId, id],
    });
    const now = await counters();
    expect(now.counters).toEqual({ start: 3, menu: 3, p: 1, z: 1 });
    const since = new Date(now.since);
    expect(since.getUTCHours()).toBe(0);
    const days = Math.round((Date.now() - since.getTime()) / 86_400_000);
    expect(days).toBeGreaterThanOrEqual(29);
    expect(days).toBeLessThanOrEqual(30);
  });

  it("an unknown flow is ERR_NO_FLOW_FOUND; a bad id a field message", async () => {
    expect((await w.t.call("GET", "/flowbuilder/999999/counters", { token: w.admin.token })).body).toEqual({ error: "ERR_NO_FLOW_FOUND" });
    expect((await w.t.call("GET", "/flowbuilder/abc/counters/", { token: w.admin.token })).status).toBe(400);
  });
});
