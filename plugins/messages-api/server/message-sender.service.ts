import { and, eq } from "drizzle-orm";
import type { Config } from "../../../core/config.ts";
import type { Db } from "../../../core/db/database.ts";
import type { WriteBatcher } from "../../../core/db/write-batch.ts";
import { users } from "../../../core/db/tables.ts";
import { AppError } from "../../../core/errors.ts";
import type { Logger } from "../../../core/log.ts";
import type { Services } from "../../../core/plugin/services.ts";
import type { SettingsService } from "../../../core/settings/settings.ts";
import { mediaLimitBytes } from "../../../core/storage/media-limits.ts";
import type { Storage, StoredFile } from "../../../core/storage/storage.ts";
import type { ConnectionRow } from "../../connections/server/connections.contract.ts";
import type {} from "../../contacts/server/contacts.contract.ts";
import type { SendToContactInput, SentToContact, TicketRow } from "../../tickets/server/tickets.contract.ts";
import { queuesView } from "../schema/views.ts";
import { fingerprintOf, type IdempotencyKeys } from "./idempotency.ts";
import type { SendResultBody, SendText } from "./messages-api.schemas.ts";

/** One request, validated: the JSON fields (the multipart form's too) and its files. */
export interface ApiSend {
  fields: SendText;
  files: File[];
  idempotencyKey: string | null;
}

export interface SenderDeps {
  db: Db;
  writes: Pick<WriteBatcher, "run">;
  services: Services;
  storage: Storage;
  settings: SettingsService;
  config: Pick<Config, "UPLOAD_MAX_BYTES">;
  log: Logger;
  keys: IdempotencyKeys;
}

const LIVE = new Set(["open", "pending", "group"]);
/** A live WhatsApp session's number check (`channels.checkNumber`, offered by the whatsapp plugin, which this plugin does not depend on). */
const CHECK_NUMBER = "channels.checkNumber" as const;

/**
 * The rules of `POST /api/messages/send`. Everything that can refuse the request is checked
 * before anything is written (the connection's state, the ids, the number on WhatsApp, the
 * sizes); the files are stored; then ONE write unit (`ctx.writes`) takes the Idempotency-Key,
 * finds or creates the contact (`contacts.findOrCreateStep`) and stores every message with its
 * delivery outbox row (`tickets.sendToContactStep`: the `tickets.deliver` job in the
 * connection's lane, the lane every outbound message of that connection is paced in). A
 * retry, a crash or a concurrent twin therefore sends at most once; concurrent requests'
 * units share one group commit (the throughput of a burst, README "Throughput").
 */
export class MessagesApiSender {
  constructor(private deps: SenderDeps) {}

  async send(connection: ConnectionRow, request: ApiSend): Promise<SendResultBody> {
    const { fields, files } = request;
    const companyId = connection.companyId;
    const scope = request.idempotencyKey ? { companyId, whatsappId: connection.id, key: request.idempotencyKey } : null;
    const fingerprint = scope ? await fingerprintOf(fields, files) : "";
    if (scope) {
      const earlier = await this.deps.keys.replay(scope, fingerprint);
      if (earlier) return earlier;
    }

    if (connection.status !== "CONNECTED") throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    if (!files.length && !fields.body.trim()) throw new AppError("ERR_VALIDATION", { fields: { body: "Required" } });
    await this.ensureIds(companyId, fields);
    // A text needs no limit: the platform setting is read (a query) only for files.
    const maxBytes = files.length ? await mediaLimitBytes(this.deps.settings, this.deps.config) : 0;
    // Every size first: a batch is refused whole rather than half sent.
    if (files.some((f) => f.size > maxBytes)) throw new AppError("ERR_PAYLOAD_TOO_LARGE", { maxBytes });
    const number = await this.onChannel(connection, fields.number);

    // The async halves first (number normalisation, the connection, the signing setting, the
    // files): the unit itself is synchronous and holds the writer only for SQL.
    const findContact = await this.deps.services.require("contacts.findOrCreateStep")({ companyId, number });
    const sign = fields.sendSignature && fields.userId != null;
    const sendStep = await this.deps.services.require("tickets.sendToContactStep")({ companyId, whatsappId: connection.id, sign });
    // Stored under the company's folder with random names; /public answers them as attachments, never as active content.
    const stored = await Promise.all(files.map((file) => this.deps.storage.save(companyId, file, { maxBytes })));

    const wantsTicket = fields.userId != null || fields.queueId != null;
    const base: Omit<SendToContactInput, "contactId"> = {
      companyId,
      whatsappId: connection.id,
      body: "",
      authorId: fields.userId,
      sign,
      // A new ticket: opened for userId/queueId when given (closed right away with closeTicket), else kept closed as history.
      openTicket: wantsTicket ? { status: fields.closeTicket ? "closed" : "open", userId: fields.userId, queueId: fields.queueId } : null,
      media: null,
    };
    const items: Pick<SendToContactInput, "body" | "media">[] = stored.length
      ? stored.map((s, i) => ({ body: i === 0 ? fields.body : "", media: { url: s.url, mimetype: s.mimetype, fileName: s.originalName } }))
      : [{ body: fields.body, media: null }];

    // ONE write unit: the key, the contact, every message with its delivery outbox row. Units
    // of concurrent requests share the batch's group commit; the answer comes after it.
    let outcome: { answer: SendResultBody; sent: SentToContact[] };
    try {
      outcome = await this.deps.writes.run((unit) => {
        const claim = scope ? this.deps.keys.claimInUnit(unit.db, scope, fingerprint) : null;
        if (claim && "answer" in claim) return { answer: claim.answer, sent: [] as SentToContact[] };
        const contact = findContact(unit);
        const sent: SentToContact[] = [];
        for (const item of items) sent.push(sendStep(unit, contact, { ...base, contactId: contact.id, ...item, ...(sent[0] ? { ticketId: sent[0].ticket.id } : {}) }));
        const first = sent[0]!;
        const answer: SendResultBody = { messageId: first.message.id, ticketId: first.ticket.id, status: "queued", messageIds: sent.map((s) => s.message.id) };
        if (claim) this.deps.keys.completeInUnit(unit.db, claim.id, answer);
        return { answer, sent };
      });
    } catch (err) {
      await this.discard(stored);
      throw err;
    }
    // A concurrent twin won the key: its files are the ones the messages point at.
    if (!outcome.sent.length) await this.discard(stored);

    for (const s of outcome.sent) await s.announce();
    const ticket = outcome.sent[0]?.ticket;
    if (ticket && fields.endIntegration) await this.endIntegration(ticket);
    if (ticket && fields.closeTicket && LIVE.has(ticket.status)) {
      // After the commit: a crash in between leaves the ticket open, never a message unsent or sent twice.
      try {
        await this.deps.services.require("tickets.closeMany")(companyId, [ticket.id]);
      } catch (err) {
        this.deps.log.error(`messages-api: closing ticket ${ticket.id} failed`, err);
      }
    }
    return outcome.answer;
  }

  /**
   * `endIntegration`: a queue integration holding the ticket (holder `integration` or
   * `integration:<id>`) lets it go, as its own `{ "end": true }` would (logged handBack, the
   * provider told). Only while that holder still holds it; anything else is left as it is.
   */
  private async endIntegration(ticket: TicketRow): Promise<void> {
    const holder = ticket.holder;
    if (!holder || (holder !== "integration" && !holder.startsWith("integration:"))) return;
    try {
      await this.deps.services.require("tickets.botApply")(ticket.companyId, ticket.id, [{ type: "handOver", holder: null, reason: "done" }], () => undefined, {
        expectHolder: holder,
      });
    } catch (err) {
      this.deps.log.error(`messages-api: ending the integration of ticket ${ticket.id} failed`, err);
    }
  }

  private async discard(stored: readonly StoredFile[]): Promise<void> {
    for (const file of stored) await this.deps.storage.remove(file.path).catch(() => undefined);
  }

  /** userId and queueId must be the connection's company's (checked before anything is written). */
  private async ensureIds(companyId: number, fields: SendText): Promise<void> {
    if (fields.userId != null) {
      const [user] = await this.deps.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, fields.userId), eq(users.companyId, companyId)))
        .limit(1);
      if (!user) throw new AppError("ERR_NO_USER_FOUND");
    }
    if (fields.queueId != null) {
      const [queue] = await this.deps.db
        .select({ id: queuesView.id })
        .from(queuesView)
        .where(and(eq(queuesView.id, fields.queueId), eq(queuesView.companyId, companyId)))
        .limit(1);
      if (!queue) throw new AppError("ERR_VALIDATION", { fields: { queueId: "Selecione uma fila" } });
    }
  }

  /**
   * A WhatsApp connection asks the live session whether the number exists (the WhatsApp
   * plugin's `channels.checkNumber`): null refuses with ERR_WAPP_INVALID_CONTACT, undefined
   * (nobody can tell) keeps the number. Other channels (Cloud API, API channel) cannot tell.
   */
  private async onChannel(connection: ConnectionRow, number: string): Promise<string> {
    if (connection.channel !== "whatsapp") return number;
    // Provided by the whatsapp plugin when installed (declared in the contacts contract): optional here.
    const check = this.deps.services.get(CHECK_NUMBER);
    const found = check ? await check(connection.companyId, number) : undefined;
    if (found === null) throw new AppError("ERR_WAPP_INVALID_CONTACT");
    return found ? found.replace(/\D/g, "") || number : number;
  }
}
