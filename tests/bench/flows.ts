/**
 * The flows' share of the inbound pipeline (issue 26), in process, with a welcome flow on the
 * connection:
 *  (a) the flows' after-inbound steps (phrase rule, connection rule, takeover ear) for a
 *      customer message on a ticket NOT in a flow, timed call by call inside a write unit as
 *      the receive unit runs them: a waiting ticket nobody holds where the flow already ran
 *      (the connection rule reads the connection) and an attendant's open ticket. Aim: < 50 µs.
 *  (b) a customer message on a ticket INSIDE a flow (a question answered, debounce 0): CPU
 *      per message of the intake (POST /channels/api/inbound) and of the jobs that follow
 *      (the flow's turn, its reply's delivery and webhook), beside the chatbot's own turn.
 *   bun tests/bench/flows.ts
 * Overrides: BENCH_CALLS=20000 (step calls per case), BENCH_CUSTOMERS=200 (conversations in (b)),
 *            BENCH_PHRASES=200 (phrase campaigns of the company, none matching),
 *            BENCH_FLOWS_CACHE=off (the start rules without their in-process caches).
 */
import { botWorld } from "../../plugins/automation/server/automation.fixtures.ts";
import type { ContactSummary } from "../../plugins/channels/inbound.contract.ts";
import { StartRuleCaches } from "../../plugins/flows/server/start-rule-caches.ts";
import { connectionRule, phraseRule } from "../../plugins/flows/server/start-rules.ts";
import { takeoverStep } from "../../plugins/flows/server/takeover.ts";
import type { InboundStored } from "../../plugins/tickets/server/bot.contract.ts";
import type { MessageRow, TicketRow } from "../../plugins/tickets/server/tickets.contract.ts";
import { report } from "./support.ts";

const CALLS = Number(process.env.BENCH_CALLS ?? 20_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 200);
const PHRASES = Number(process.env.BENCH_PHRASES ?? 200);
const AIM_US = 50;

const w = await botWorld();
try {
  const token = w.admin.token;
  const post = async (path: string, body: unknown) => {
    const res = await w.t.call("POST", path, { token, body });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  // Welcome: a question whose answer is echoed, then the question again (every message is a turn).
  const flow = await post("/flowbuilder", { name: "Bench" });
  const node = (id: string, type: string, data: Record<string, unknown>) => ({ id, type, position: { x: 0, y: 0 }, data });
  const edge = (source: string, target: string) => ({ id: `${source}-${target}`, source, target, sourceHandle: "a", targetHandle: "b" });
  await post("/flowbuilder/flow", {
    idFlow: flow.id,
    nodes: [
      node("start", "start", { label: "Inicio do fluxo" }),
      node("q", "question", { typebotIntegration: { message: "Diga algo", answerKey: "x" } }),
      node("m", "message", { label: "Ok: {{x}}" }),
    ],
    connections: [edge("start", "q"), edge("q", "m"), edge("m", "q")],
  });
  await w.t.call("PUT", "/flowbuilder", { token, body: { flowId: flow.id, name: "Bench", debounceSeconds: 0 } });
  await w.connect({ greetingMessage: "", queueIds: [], flowIdWelcome: flow.id });
  for (let i = 0; i < PHRASES; i++) await post("/flowcampaign", { name: `Frase ${i}`, phrase: `frase numero ${i}`, flowId: flow.id });

  // (a) Tickets not in a flow: one where the flow ran and ended (nobody holds it, pending), one an attendant holds.
  const ended = await w.says("oi", "warm-ended", "5511700000001");
  await w.settle();
  const held = await w.says("oi", "warm-held", "5511700000002");
  await w.settle();
  await w.t.call("PUT", `/tickets/${held.ticketId}`, { token, body: { status: "open", userId: w.admin.user.id } });
  const rows = await w.rows();
  const ticketOf = (id: number) => rows.tickets.find((t) => t.id === id) as TicketRow;
  const messageOf = (ticketId: number) => rows.messages.find((m) => m.ticketId === ticketId && !m.fromMe) as MessageRow;
  const contact: ContactSummary = { id: 0, name: "Ana", urlPicture: "", disableBot: false, isGroup: false };
  const notInFlow = {
    waiting: { ticket: { ...ticketOf(ended.ticketId), holder: null, status: "pending" as const, userId: null }, message: { ...messageOf(ended.ticketId), body: "bom dia" } },
    attended: { ticket: ticketOf(held.ticketId), message: { ...messageOf(held.ticketId), body: "bom dia" } },
  };
  const never = () => {
    throw new Error("a start rule claimed a message of a ticket not in a flow");
  };
  // BENCH_FLOWS_CACHE=off: the rules read the phrase and the connection on every message (the "before").
  const caches = new StartRuleCaches(process.env.BENCH_FLOWS_CACHE === "off" ? 0 : 2_000);
  const steps = [phraseRule(never, caches), connectionRule(never, caches), takeoverStep(w.t.kernel.jobs.forPlugin("flows"))];
  const timeSteps = (c: { ticket: TicketRow; message: MessageRow }) =>
    w.t.kernel.database.writes.run((unit) => {
      const stored: InboundStored = {
        db: unit.db,
        ticket: { ...c.ticket, contactId: c.ticket.contactId },
        message: c.message,
        contact: { ...contact, id: c.ticket.contactId },
        connection: { integrationId: null, promptId: null, flowIdWelcome: null, flowIdNotPhrase: null },
      };
      for (let i = 0; i < 500; i++) for (const s of steps) s(stored);
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < CALLS; i++) for (const s of steps) s(stored);
      return Number(process.hrtime.bigint() - t0) / 1000 / CALLS;
    });
  const waitingUs = await timeSteps(notInFlow.waiting);
  const attendedUs = await timeSteps(notInFlow.attended);

  // (b) Tickets inside a flow: each customer starts the flow, then answers its question (timed).
  const number = (i: number) => `55116${String(i).padStart(8, "0")}`;
  for (let i = 0; i < CUSTOMERS; i++) await w.says("oi", `start-${i}`, number(i));
  await w.settle();
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  let started = cpu();
  for (let i = 0; i < CUSTOMERS; i++) await w.says(`resposta ${i}`, `answer-${i}`, number(i));
  const intakeMs = cpu() - started;
  started = cpu();
  await w.settle();
  const jobsMs = cpu() - started;
  const answered = (await w.botTexts()).filter((t) => t.startsWith("Ok: resposta")).length;
  if (answered !== CUSTOMERS) throw new Error(`expected ${CUSTOMERS} answers, got ${answered}`);

  const us = (ms: number) => ((ms * 1000) / CUSTOMERS).toFixed(0);
  console.log(`\n(a) flows' steps, ticket not in a flow: waiting unheld ${waitingUs.toFixed(2)} µs, attended ${attendedUs.toFixed(2)} µs per message (aim < ${AIM_US} µs)`);
  console.log(`(b) ticket inside a flow: intake ${us(intakeMs)} µs + jobs ${us(jobsMs)} µs CPU per message (compare bot-turn.ts intakeCpuUs + jobCpuUs)\n`);
  report("flows", {
    cache: process.env.BENCH_FLOWS_CACHE === "off" ? "off" : "on",
    calls: CALLS,
    customers: CUSTOMERS,
    phrases: PHRASES,
    notInFlowWaitingUs: waitingUs.toFixed(2),
    notInFlowAttendedUs: attendedUs.toFixed(2),
    aimUs: AIM_US,
    inFlowIntakeCpuUs: us(intakeMs),
    inFlowJobsCpuUs: us(jobsMs),
  });
} finally {
  await w.close();
}
