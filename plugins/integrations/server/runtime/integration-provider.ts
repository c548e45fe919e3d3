import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { AppError } from "../../../../core/errors.ts";
import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type { BotWrite } from "../../../tickets/server/bot.contract.ts";
import type { MessageRow, TicketRow } from "../../../tickets/server/tickets.contract.ts";
import type { HandOverProvider } from "../../../automation/server/hand-over.contract.ts";
import { handlerHolder } from "../../../tickets/shared/holder.contract.ts";
import { integrationSessions } from "../../schema/tables.ts";
import type { IntegrationsService, OpenIntegration } from "../integrations.service.ts";
import { callJson, failure, ServiceCallError } from "./call-service.ts";
import { DialogflowClient, parseServiceAccount } from "./dialogflow-client.ts";
import { TypebotClient } from "./typebot-client.ts";
import { readTurn, replyFor, type PendingInput, type TurnItem } from "./typebot-messages.ts";
import { storeMedia } from "./typebot-media.ts";

/** Sent when a service fails mid-conversation, before the ticket goes back to its queue: the customer is never left without an answer. */
export const FALLBACK_TEXT = "Desculpe, não consegui continuar o atendimento automático. Um atendente vai continuar a conversa.";

export const SEND_JOB = "send";
export const POST_JOB = "post";
/** A delayed write of a Typebot answer (typebotDelayMessage), applied only while the integration still holds the ticket. */
export interface SendPayload {
  ticketId: number;
  holder: string;
  writes: BotWrite[];
}
/** One customer message (or the start) of a conversation an n8n/webhook integration holds. */
export interface PostPayload {
  ticketId: number;
  integrationId: number;
  holder: string;
  messageId: number | null;
  body: string;
}
/** Attempts of a webhook post before the customer gets the fallback and the ticket goes back to its queue. */
export const POST_ATTEMPTS = 4;

/** The variables of tickets' `fillVariables` sent with each webhook post (`variables`). */
const MESSAGE_VARIABLES = ["firstName", "name", "user", "ms", "protocol", "date", "hour", "ticket_id", "queue", "connection"] as const;
/** Between the variables while they are filled together (never in a name, a queue or a date). */
const SEPARATOR = "\u0000";

const handBack = (reason: string): BotWrite => ({ type: "handOver", holder: null, reason });
const sends = (texts: string[]): BotWrite[] => texts.map((text) => ({ type: "send", text }));

/**
 * The hand-over provider of kind `integration` (holder `integration:<id>`): dispatches by the
 * integration's type. Typebot keeps a session per ticket; n8n and webhook post each message
 * through a job with retries; Dialogflow answers in the turn; flowbuilder hands over to
 * `flow:<projectName>` when the flows plugin registered that kind.
 */
export class IntegrationProvider implements HandOverProvider {
  readonly kind = "integration";
  private typebot: TypebotClient;
  private dialogflow: DialogflowClient;

  constructor(
    private ctx: PluginContext,
    private integrations: IntegrationsService,
  ) {
    this.typebot = new TypebotClient(ctx.outbound);
    this.dialogflow = new DialogflowClient(ctx.outbound);
  }

  async start(ticket: TicketRow, ref: string): Promise<BotWrite[]> {
    const integration = await this.load(ticket, ref);
    if (!integration) return [handBack("gone")];
    const holder = handlerHolder("integration", ref);
    switch (integration.type) {
      case "typebot":
        return this.typebotStart(ticket, integration, holder, []);
      case "n8n":
      case "webhook":
        await this.enqueuePost(ticket, integration, holder, null, ticket.lastMessage);
        return [];
      case "dialogflow":
        return this.dialogflowTurn(ticket, integration, ticket.lastMessage);
      case "flowbuilder":
        return this.toFlow(integration);
      default:
        return [handBack("gone")];
    }
  }

  async onMessage(ticket: TicketRow, message: MessageRow, ref: string): Promise<BotWrite[]> {
    const integration = await this.load(ticket, ref);
    if (!integration) return [handBack("gone")];
    const holder = handlerHolder("integration", ref);
    switch (integration.type) {
      case "typebot":
        return this.typebotTurn(ticket, integration, holder, message.body);
      case "n8n":
      case "webhook":
        await this.enqueuePost(ticket, integration, holder, message.id, message.body);
        return [];
      case "dialogflow":
        return this.dialogflowTurn(ticket, integration, message.body);
      case "flowbuilder":
        return this.toFlow(integration);
      default:
        return [handBack("gone")];
    }
  }

  async finishKeyword(ticket: TicketRow, ref: string): Promise<string | null> {
    const integration = await this.load(ticket, ref);
    return integration?.type === "typebot" ? integration.typebotKeywordFinish || null : null;
  }

  async end(ticket: { companyId: number; ticketId: number }): Promise<void> {
    await this.ctx.db.delete(integrationSessions).where(and(eq(integrationSessions.companyId, ticket.companyId), eq(integrationSessions.ticketId, ticket.ticketId)));
  }

  private async load(ticket: TicketRow, ref: string): Promise<OpenIntegration | null> {
    return /^\d+$/.test(ref) ? this.integrations.open(ticket.companyId, Number(ref)) : null;
  }

  // ── flowbuilder ──────────────────────────────────────────────────────────

  /** The flow's id is the integration's `projectName`; without the flows plugin the ticket goes back to its queue. */
  private toFlow(integration: OpenIntegration): BotWrite[] {
    const flowId = integration.projectName.trim();
    if (!/^\d+$/.test(flowId) || !this.ctx.services.require("automation.handOverKinds")().includes("flow")) return [handBack("gone")];
    return [{ type: "handOver", holder: handlerHolder("flow", flowId) }];
  }

  // ── Typebot ──────────────────────────────────────────────────────────────

  private async variables(ticket: TicketRow): Promise<Record<string, string>> {
    const contact = await this.ctx.services.require("contacts.get")(ticket.companyId, ticket.contactId);
    const name = contact?.name ?? "";
    return { name, pushName: name, number: contact?.number ?? "", remoteJid: contact?.number ?? "", email: contact?.email ?? "", ticketId: String(ticket.id) };
  }

  /** A new session (`startChat`): the restart message, if any, heads its messages. */
  private async typebotStart(ticket: TicketRow, integration: OpenIntegration, holder: string, before: BotWrite[]): Promise<BotWrite[]> {
    try {
      const { sessionId, answer } = await this.typebot.start(integration.urlN8N, integration.typebotSlug, await this.variables(ticket));
      const turn = readTurn(answer);
      await this.saveSession(ticket, integration.id, sessionId, turn.input);
      return this.spaced(ticket, integration, holder, [...before, ...(await this.outgoing(ticket, turn.items))], !turn.input);
    } catch (err) {
      return this.failed(ticket, integration, err);
    }
  }

  private async typebotTurn(ticket: TicketRow, integration: OpenIntegration, holder: string, body: string): Promise<BotWrite[]> {
    const [session] = await this.ctx.db.select().from(integrationSessions).where(eq(integrationSessions.ticketId, ticket.id));
    const restart = integration.typebotKeywordRestart.trim();
    if (restart && body.trim().toLowerCase() === restart.toLowerCase()) {
      return this.typebotStart(ticket, integration, holder, integration.typebotRestartMessage.trim() ? sends([integration.typebotRestartMessage]) : []);
    }
    const expired = session && integration.typebotExpires > 0 && Date.now() - session.lastAt > integration.typebotExpires * 60_000;
    if (!session || session.integrationId !== integration.id || expired) return this.typebotStart(ticket, integration, holder, []);
    const input = session.input ? (JSON.parse(session.input) as PendingInput) : null;
    const reply = replyFor(input, body);
    if (reply === null) {
      // Not one of the choices: the unknown-input message and the choices again, Typebot untouched.
      await this.touch(ticket.id);
      const unknown = integration.typebotUnknownMessage.trim();
      return sends([...(unknown ? [unknown] : []), readTurn({ input: { ...input, items: input!.items.map((content) => ({ content })) } }).texts.at(-1) ?? ""].filter((t) => t));
    }
    try {
      const answer = await this.typebot.continue(integration.urlN8N, session.sessionId, reply);
      const turn = readTurn(answer);
      // Typebot asking the same input again rejected the reply: the company's unknown-input message instead of its retry text.
      const rejected = input && turn.input && turn.input.id === input.id && integration.typebotUnknownMessage.trim();
      await this.saveSession(ticket, integration.id, session.sessionId, turn.input);
      if (rejected) return sends([integration.typebotUnknownMessage]);
      return this.spaced(ticket, integration, holder, await this.outgoing(ticket, turn.items), !turn.input);
    } catch (err) {
      return this.failed(ticket, integration, err);
    }
  }

  /**
   * An answer's messages as writes: a media bubble is downloaded into the company's storage
   * and sent as media; when it cannot be (refused address, error, timeout, too big, not
   * that kind of media) the customer gets its URL as text instead.
   */
  private async outgoing(ticket: TicketRow, items: TurnItem[]): Promise<BotWrite[]> {
    const out: BotWrite[] = [];
    for (const item of items) {
      if (item.type === "text") {
        out.push({ type: "send", text: item.text });
        continue;
      }
      try {
        out.push({ type: "send", text: "", media: await storeMedia(this.ctx.outbound, this.ctx.storage, ticket.companyId, item.url, item.kind) });
      } catch (err) {
        if (!(err instanceof ServiceCallError) && !(err instanceof AppError)) throw err;
        this.ctx.log.warn(`integrations: Typebot ${item.kind} not downloaded for ticket ${ticket.id}, sent as a link: ${failure(err)}`);
        out.push({ type: "send", text: item.url });
      }
    }
    return out;
  }

  /**
   * The answer's writes spaced by typebotDelayMessage: the first now, each next one a job due
   * `delay` ms after the previous (applied only while this integration still holds the ticket).
   * A finished flow (no input) hands the ticket back after its last message.
   */
  private async spaced(ticket: TicketRow, integration: OpenIntegration, holder: string, writes: BotWrite[], finished: boolean): Promise<BotWrite[]> {
    const delay = integration.typebotDelayMessage;
    if (delay <= 0 || writes.length <= 1) return finished ? [...writes, handBack("done")] : writes;
    // One group per message; the hand-back rides with the last one, so it never overtakes it.
    const groups = writes.map((w) => [w]);
    if (finished) groups.at(-1)!.push(handBack("done"));
    const now = Date.now();
    for (const [i, batch] of groups.slice(1).entries()) {
      const payload: SendPayload = { ticketId: ticket.id, holder, writes: batch };
      await this.ctx.jobs.enqueue(SEND_JOB, payload, { companyId: ticket.companyId, dueAt: now + delay * (i + 1) });
    }
    return groups[0]!;
  }

  /** A delayed write (SEND_JOB). */
  async sendLater(companyId: number, p: SendPayload): Promise<void> {
    await this.ctx.services.require("tickets.botApply")(companyId, p.ticketId, p.writes, () => {}, { expectHolder: p.holder });
  }

  private async saveSession(ticket: TicketRow, integrationId: number, sessionId: string, input: PendingInput | null) {
    const row = { ticketId: ticket.id, companyId: ticket.companyId, integrationId, sessionId, input: input ? JSON.stringify(input) : null, lastAt: Date.now() };
    await this.ctx.db.insert(integrationSessions).values(row).onConflictDoUpdate({ target: integrationSessions.ticketId, set: row });
  }

  private async touch(ticketId: number) {
    await this.ctx.db.update(integrationSessions).set({ lastAt: Date.now() }).where(eq(integrationSessions.ticketId, ticketId));
  }

  /** A failed call: logged, the fallback to the customer, and the ticket back to its queue. */
  private async failed(ticket: TicketRow, integration: OpenIntegration, err: unknown): Promise<BotWrite[]> {
    if (!(err instanceof ServiceCallError)) throw err;
    this.ctx.log.warn(`integrations: ${integration.type} integration ${integration.id} failed for ticket ${ticket.id}: ${failure(err)}`);
    await this.end({ companyId: ticket.companyId, ticketId: ticket.id });
    return [{ type: "send", text: FALLBACK_TEXT }, handBack("error")];
  }

  // ── Dialogflow ───────────────────────────────────────────────────────────

  private async dialogflowTurn(ticket: TicketRow, integration: OpenIntegration, body: string): Promise<BotWrite[]> {
    try {
      const { account, problem } = parseServiceAccount(integration.secret);
      if (!account) throw new ServiceCallError(problem ?? "No service account");
      const detected = await this.dialogflow.detectIntent(account, integration.projectName, `ticket-${ticket.id}`, body || "hello", integration.language);
      return [...sends(detected.texts), ...(detected.end ? [handBack("done")] : [])];
    } catch (err) {
      return this.failed(ticket, integration, err);
    }
  }

  // ── n8n / webhook ────────────────────────────────────────────────────────

  private async enqueuePost(ticket: TicketRow, integration: OpenIntegration, holder: string, messageId: number | null, body: string) {
    const payload: PostPayload = { ticketId: ticket.id, integrationId: integration.id, holder, messageId, body };
    await this.ctx.jobs.enqueue(POST_JOB, payload, {
      companyId: ticket.companyId,
      maxAttempts: POST_ATTEMPTS,
      dedupeKey: messageId ? `integration-post:${messageId}` : `integration-start:${ticket.id}:${ticket.updatedAt}`,
    });
  }

  /**
   * POST_JOB: the message as signed JSON to `urlN8N` (header `X-Signature-256: sha256=<hex
   * HMAC-SHA256 of the raw body keyed with the integration's secret>`, when one is stored).
   * The answer `{ reply }`, `{ replies: [] }` goes to the customer, `{ end: true }` hands the
   * ticket back. A failure is retried; the last attempt sends the fallback and hands back.
   */
  async post(companyId: number, p: PostPayload, attempt: number): Promise<void> {
    const integration = await this.integrations.open(companyId, p.integrationId);
    if (!integration) return;
    const ticketContext = await this.ctx.services.require("tickets.botContext")(companyId, p.ticketId, p.messageId ?? 0);
    const ticket = ticketContext?.ticket;
    if (!ticket || ticket.holder !== p.holder) return; // someone else answers now
    const [contact, connection, variables] = await Promise.all([
      this.ctx.services.require("contacts.get")(companyId, ticket.contactId),
      this.ctx.services.require("connections.get")(companyId, ticket.whatsappId),
      this.messageVariables(companyId, ticket.id),
    ]);
    const raw = JSON.stringify({
      event: p.messageId ? "message" : "start",
      integration: { id: integration.id, name: integration.name, type: integration.type },
      message: { id: p.messageId, body: p.body, mediaType: ticketContext.message?.mediaType ?? "chat", createdAt: ticketContext.message?.createdAt ?? null },
      ticket: { id: ticket.id, status: ticket.status, queueId: ticket.queueId, whatsappId: ticket.whatsappId },
      contact: contact ? { id: contact.id, name: contact.name, number: contact.number, email: contact.email } : null,
      connection: connection ? { id: connection.id, name: connection.name, channel: connection.channel } : null,
      variables,
    });
    const headers: Record<string, string> = { "content-type": "application/json", "x-integration-id": String(integration.id) };
    if (integration.secret) headers["x-signature-256"] = `sha256=${createHmac("sha256", integration.secret).update(raw, "utf8").digest("hex")}`;
    let answer: unknown;
    try {
      answer = await callJson(this.ctx.outbound, integration.urlN8N, { headers, body: raw });
    } catch (err) {
      if (!(err instanceof ServiceCallError)) throw err;
      if (attempt < POST_ATTEMPTS) throw err; // the job runner retries with backoff
      this.ctx.log.warn(`integrations: ${integration.type} integration ${integration.id} failed for ticket ${ticket.id}: ${failure(err)}`);
      await this.sendLater(companyId, { ticketId: ticket.id, holder: p.holder, writes: [{ type: "send", text: FALLBACK_TEXT }, handBack("error")] });
      return;
    }
    const writes = webhookWrites(answer);
    if (writes.length) await this.sendLater(companyId, { ticketId: ticket.id, holder: p.holder, writes });
  }

  /**
   * The message variables of the ticket as the company's texts use them (spec 002 §3: first
   * name, name, user, greeting, protocol, date, hour, ticket id, queue, connection), filled by
   * tickets' own rule so a flow answers with what a chatbot text would say.
   */
  private async messageVariables(companyId: number, ticketId: number): Promise<Record<string, string>> {
    const filled = await this.ctx.services.require("tickets.fillVariables")(companyId, ticketId, MESSAGE_VARIABLES.map((v) => `{{${v}}}`).join(SEPARATOR));
    const values = filled.split(SEPARATOR);
    return Object.fromEntries(MESSAGE_VARIABLES.map((v, i) => [v, values[i] ?? ""]));
  }

  /** `POST /queueIntegration/testSession`: really calls the service; answers what failed. */
  async test(companyId: number, integration: Omit<OpenIntegration, "id" | "companyId" | "createdAt" | "updatedAt"> & { id?: number }) {
    try {
      switch (integration.type) {
        case "dialogflow": {
          const { account, problem } = parseServiceAccount(integration.secret);
          if (!account) return { ok: false, step: "serviceAccount", message: problem ?? "No service account" };
          const detected = await this.dialogflow.detectIntent(account, integration.projectName, `test-${companyId}-${Date.now()}`, "hello", integration.language);
          return { ok: true, step: "detectIntent", message: detected.texts.join("\n") };
        }
        case "typebot": {
          const { answer } = await this.typebot.start(integration.urlN8N, integration.typebotSlug, { name: "Teste", number: "" });
          return { ok: true, step: "startChat", message: readTurn(answer).texts[0] ?? "" };
        }
        case "n8n":
        case "webhook": {
          const raw = JSON.stringify({ event: "ping", integration: { id: integration.id ?? null, name: integration.name, type: integration.type } });
          const headers: Record<string, string> = { "content-type": "application/json" };
          if (integration.secret) headers["x-signature-256"] = `sha256=${createHmac("sha256", integration.secret).update(raw, "utf8").digest("hex")}`;
          await callJson(this.ctx.outbound, integration.urlN8N, { headers, body: raw });
          return { ok: true, step: "ping", message: "" };
        }
        case "flowbuilder":
          return this.ctx.services.require("automation.handOverKinds")().includes("flow")
            ? { ok: true, step: "flow", message: "" }
            : { ok: false, step: "flow", message: "The flow builder is not installed" };
      }
    } catch (err) {
      if (!(err instanceof ServiceCallError)) throw err;
      return { ok: false, step: integration.type === "dialogflow" ? "detectIntent" : integration.type === "typebot" ? "startChat" : "ping", message: failure(err) };
    }
  }
}

/** What an n8n/webhook answer asks for: `{ reply }`, `{ replies: [] }` (strings), `{ end: true }`. */
export function webhookWrites(answer: unknown): BotWrite[] {
  if (!answer || typeof answer !== "object") return [];
  const a = answer as { reply?: unknown; replies?: unknown; end?: unknown };
  const texts = [...(typeof a.reply === "string" ? [a.reply] : []), ...(Array.isArray(a.replies) ? a.replies.filter((r): r is string => typeof r === "string") : [])]
    .filter((t) => t.trim())
    .slice(0, 20)
    .map((t) => t.slice(0, 10_000));
  return [...sends(texts), ...(a.end === true ? [handBack("done")] : [])];
}
