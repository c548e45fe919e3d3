import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BotWorld, botWorld } from "../../plugins/automation/server/automation.fixtures.ts";
import { closeDebounceWindows, openWindows } from "./flow-world.ts";

/**
 * Issue 26's takeover rules on the API channel: an attendant writing to the customer stops
 * the flow, and quick customer messages while the flow waits for an answer get one answer.
 */
let w: BotWorld;
beforeEach(async () => {
  w = await botWorld();
});
afterEach(() => w.close());

let seq = 0;
const num = () => `55119333${String(++seq).padStart(5, "0")}`;
const start = { id: "start", type: "start", position: { x: 0, y: 0 }, data: { label: "Inicio do fluxo" } };
const node = (id: string, type: string, data: Record<string, unknown>) => ({ id, type, position: { x: 0, y: 0 }, data });
const edge = (source: string, target: string, sourceHandle = "a") => ({ id: `${source}-${target}-${sourceHandle}`, source, target, sourceHandle, targetHandle: "b" });

async function flow(nodes: unknown[], connections: unknown[], settings: Record<string, unknown> = {}) {
  const created = await w.t.call("POST", "/flowbuilder", { token: w.admin.token, body: { name: `Fluxo ${++seq}` } });
  expect(created.status).toBe(200);
  expect(created.body).toMatchObject({ stopOnAttendantMessage: true, debounceSeconds: 3 });
  const saved = await w.t.call("POST", "/flowbuilder/flow", { token: w.admin.token, body: { idFlow: created.body.id, nodes, connections } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  if (Object.keys(settings).length) {
    const put = await w.t.call("PUT", "/flowbuilder", { token: w.admin.token, body: { flowId: created.body.id, name: created.body.name, ...settings } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject(settings);
  }
  return created.body.id as number;
}

const view = async (ticketId: number) => (await w.t.call("GET", `/tickets/${ticketId}`, { token: w.admin.token })).body;
/** An attendant writes to the customer through the public messages API (the connection's token, as a user). */
const attendantWrites = (number: string, body: string) =>
  w.t.call("POST", "/api/messages/send", { body: { number, body, userId: w.admin.user.id }, headers: { authorization: `Bearer ${w.api.token}` } });

const askName = () =>
  flow(
    [start, node("q", "question", { typebotIntegration: { message: "Qual seu nome?", answerKey: "nome" } }), node("m", "message", { label: "Prazer, {{nome}}!" })],
    [edge("start", "q"), edge("q", "m")],
  );

describe("flows: takeover rules", () => {
  it("an attendant writing to the customer stops the flow: the ticket is theirs and the flow answers no more", async () => {
    const id = await askName();
    await w.connect({ greetingMessage: "", queueIds: [], flowIdWelcome: id });
    const n = num();
    const { ticketId } = await w.says("oi", undefined, n);
    await w.settle();
    expect(await w.botTexts(ticketId)).toEqual(["Qual seu nome?"]);
    expect(await view(ticketId)).toMatchObject({ holder: `flow:${id}` });

    const sent = await attendantWrites(n, "Oi, aqui é a Ana do suporte");
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body.ticketId).toBe(ticketId);
    await w.settle();
    expect(await view(ticketId)).toMatchObject({ holder: "attendant", status: "open", userId: w.admin.user.id });

    await w.says("Ana", undefined, n);
    await w.settle();
    await closeDebounceWindows(w);
    expect(await w.botTexts(ticketId)).toEqual(["Qual seu nome?"]);
  });

  it("a message written on the connection's phone (a new fromMe message the channel reports) stops the flow too; nobody answers the customer after it", async () => {
    const id = await askName();
    await w.connect({ greetingMessage: "Saudação do robô", queueIds: [], flowIdWelcome: id });
    const n = num();
    const { ticketId } = await w.says("oi", undefined, n);
    await w.settle();
    // How a phone channel (WhatsApp) reports what the owner typed on the phone.
    const receive = w.t.kernel.services.require("tickets.receive");
    await receive({ companyId: w.api.companyId, whatsappId: w.api.id, providerId: "phone-1", from: { number: n }, body: "Oi, é a Ana pelo celular", fromMe: true });
    await w.settle();
    expect(await view(ticketId)).toMatchObject({ holder: "attendant", status: "pending" });
    await w.says("Ana", undefined, n);
    await w.settle();
    await closeDebounceWindows(w);
    // Ours without an author: the flow's question and the phone's message, nothing after them (no flow, no greeting).
    expect(await w.botTexts(ticketId)).toEqual(["Qual seu nome?", "Oi, é a Ana pelo celular"]);
  });

  it("with stopOnAttendantMessage off, the flow goes on after an attendant's message", async () => {
    const id = await flow(
      [start, node("q", "question", { typebotIntegration: { message: "Qual seu nome?", answerKey: "nome" } }), node("m", "message", { label: "Prazer, {{nome}}!" })],
      [edge("start", "q"), edge("q", "m")],
      { stopOnAttendantMessage: false, debounceSeconds: 0 },
    );
    await w.connect({ greetingMessage: "", queueIds: [], flowIdWelcome: id });
    const n = num();
    const { ticketId } = await w.says("oi", undefined, n);
    await w.settle();
    expect((await attendantWrites(n, "Só um aviso")).status).toBe(202);
    await w.settle();
    expect(await view(ticketId)).toMatchObject({ holder: `flow:${id}`, status: "pending" });
    await w.says("Ana", undefined, n);
    await w.settle();
    // Debounce 0: answered at once, no window.
    expect(await w.botTexts(ticketId)).toEqual(["Qual seu nome?", "Prazer, Ana!"]);
  });

  it("three quick messages while the flow waits for an answer get one answer, with the texts joined", async () => {
    const id = await askName();
    await w.connect({ greetingMessage: "", queueIds: [], flowIdWelcome: id });
    const n = num();
    const { ticketId } = await w.says("oi", undefined, n);
    await w.settle();
    for (const part of ["Ana", "Souza", "Lima"]) {
      await w.says(part, undefined, n);
      await w.settle();
    }
    // Within the window: nothing answered yet, one answer queued.
    expect(await w.botTexts(ticketId)).toEqual(["Qual seu nome?"]);
    expect(await openWindows(w)).toBe(1);
    await closeDebounceWindows(w);
    expect(await w.botTexts(ticketId)).toEqual(["Qual seu nome?", "Prazer, Ana\nSouza\nLima!"]);
    expect(await openWindows(w)).toBe(0);
  });

  it("a menu answered by several quick messages follows the last valid option, once", async () => {
    const id = await flow(
      [
        start,
        node("menu", "menu", {
          message: "Escolha:",
          arrayOption: [
            { number: 1, value: "Preços" },
            { number: 2, value: "Prazo" },
          ],
        }),
        node("p", "message", { label: "Tabela de preços" }),
        node("z", "message", { label: "Entrega em 2 dias" }),
      ],
      [edge("start", "menu"), edge("menu", "p", "a1"), edge("menu", "z", "a2")],
    );
    await w.connect({ greetingMessage: "", queueIds: [], flowIdWelcome: id });
    const n = num();
    const { ticketId } = await w.says("oi", undefined, n);
    await w.settle();
    for (const part of ["1", "não, espera", "2", "obrigado"]) await w.says(part, undefined, n);
    await w.settle();
    await closeDebounceWindows(w);
    expect(await w.botTexts(ticketId)).toEqual(["Escolha:\n\n*1* - Preços\n*2* - Prazo", "Entrega em 2 dias"]);
  });

  it("bad takeover settings are refused with a field message", async () => {
    const created = await w.t.call("POST", "/flowbuilder", { token: w.admin.token, body: { name: "Ajustes" } });
    for (const debounceSeconds of [-1, 31, 1.5, "x"]) {
      const res = await w.t.call("PUT", "/flowbuilder", { token: w.admin.token, body: { flowId: created.body.id, name: "Ajustes", debounceSeconds } });
      expect(res.status, String(debounceSeconds)).toBe(400);
    }
  });
});

describe("flows: audio", () => {
  const upload = async (name: string, type: string) => {
    const form = new FormData();
    form.append("medias", new File([new Uint8Array(64).fill(7)], name, { type }));
    const res = await w.t.call("POST", "/flowbuilder/audio", { token: w.admin.token, body: form });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.name as string;
  };

  it("an audio with record goes out as a voice note (ptt), one without as a plain audio file", async () => {
    const [recorded, plain] = [await upload("aviso.mp3", "audio/mpeg"), await upload("musica.ogg", "audio/ogg")];
    const id = await flow([start, node("v", "audio", { url: recorded, record: true }), node("f", "audio", { url: plain, record: false })], [edge("start", "v"), edge("v", "f")]);
    await w.connect({ greetingMessage: "", queueIds: [], flowIdWelcome: id });
    const { ticketId } = await w.says("oi", undefined, num());
    await w.settle();
    const sent = (await w.rows()).messages.filter((m) => m.ticketId === ticketId && m.fromMe);
    expect(sent.map((m) => [m.mediaType, JSON.parse(m.dataJson).ptt])).toEqual([
      ["audio", true],
      ["audio", false],
    ]);
    // What the channel got: both as audio (the WhatsApp driver reads the mark as media.voiceNote).
    const hooks = w.receiver.received.filter((r) => r.body?.event === "message.created").map((r) => r.body.message);
    expect(hooks.map((m) => [m.kind, m.mimetype])).toEqual([
      ["audio", "audio/mpeg"],
      ["audio", "audio/ogg"],
    ]);
  });
});
