import { and, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../../core/db/database.ts";
import { nowIso } from "../../../../core/db/columns.ts";
import { preparedPer } from "../../../../core/db/prepared.ts";
import type { PluginJobs } from "../../../../core/jobs/jobs.ts";
import type { SyncDb, WriteBatcher } from "../../../../core/db/write-batch.ts";
import type { Logger } from "../../../../core/log.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import type {} from "../../../connections/server/connections.contract.ts";
import type {} from "../../../contacts/server/contacts.contract.ts";
import { messages, tickets } from "../../schema/tables.ts";
import type { MessageAck } from "../../shared/ticket-types.ts";
import type { ChannelDriver, OutboundKind, OutboundRequest } from "../../../channels/channel-driver.contract.ts";
import type { MessageAnnouncer } from "../messages/messages-events.ts";
import type { MessageRow } from "../tickets.contract.ts";

/** Durable job kinds: the outbox rows written in the same transaction as the message change. */
export const DELIVER_JOB = "deliver";
export const EDIT_JOB = "deliver-edit";
export const REMOVE_JOB = "deliver-remove";

/**
 * A delivery job's payload. `connectionId` and `channel` (rows before them carry only the
 * message id, and still deliver) lane the jobs per connection, so one connection's slow or
 * dead provider holds only its own messages, which leave in order; and let the channel's
 * driver pin them to the process holding the connection's session (`ChannelDriver.affinity`).
 * The job still reads the ticket's connection when it runs.
 */
type Payload = { messageId: number; connectionId?: number; channel?: string };

/** Where a message goes out: its ticket's company, connection and channel (a `TicketRow` is one). */
export interface DeliveryRoute {
  companyId: number;
  whatsappId: number;
  channel: string;
}

/** `channels.driverFor`: the driver of a connection channel, if one registered. */
export type DriverLookup = (channel: string) => ChannelDriver | undefined;

/** The outbound kind of a stored message, from its media type. */
export function kindOf(mediaType: string): OutboundKind {
  if (mediaType === "chat") return "text";
  if (mediaType === "audio") return "audio";
  if (mediaType === "contactMessage") return "contact";
  if (mediaType === "listMessage" || mediaType === "interactiveMessage") return "interactive";
  return "media";
}

const parseJson = (text: string | null): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * Delivery of outbound messages through the connection's channel driver. The message
 * row is the source of truth: a job reloads it, so a retried send carries the latest
 * body and the same provider id, and a message deleted before it left is never sent.
 * A driver that throws (or a channel without a driver) fails the job, which the kernel
 * retries with exponential backoff; the message stays ack 0 meanwhile.
 */
export class Delivery {
  constructor(
    private db: Db,
    /** The sent mark is a write unit: deliveries finishing together share a commit. */
    private writes: WriteBatcher,
    private services: Services,
    private jobs: PluginJobs,
    private log: Logger,
    private driverFor: DriverLookup,
    private announcer: MessageAnnouncer,
  ) {}

  define(): void {
    const options = {
      lane: (p: Payload) => (p.connectionId == null ? "" : `connection:${p.connectionId}`),
      affinity: (p: Payload) => (p.connectionId == null || !p.channel ? null : (this.driverFor(p.channel)?.affinity?.(p.connectionId) ?? null)),
    };
    this.jobs.define<Payload>(DELIVER_JOB, ({ companyId, payload }) => this.send(companyId ?? 0, payload.messageId), options);
    this.jobs.define<Payload>(EDIT_JOB, ({ companyId, payload }) => this.edit(companyId ?? 0, payload.messageId), options);
    this.jobs.define<Payload>(REMOVE_JOB, ({ companyId, payload }) => this.remove(companyId ?? 0, payload.messageId), options);
  }

  /** Writes the outbox row; pass the transaction that writes the message. */
  enqueue(kind: typeof DELIVER_JOB | typeof EDIT_JOB | typeof REMOVE_JOB, route: DeliveryRoute, messageId: number, tx: DbOrTx): Promise<void> {
    return this.jobs.enqueue(kind, payloadOf(route, messageId), { companyId: route.companyId, tx });
  }

  /** `enqueue` of a delivery inside a write-batcher unit (its synchronous handle). */
  enqueueInUnit(db: SyncDb, route: DeliveryRoute, messageId: number): void {
    this.jobs.enqueueSync(db, DELIVER_JOB, payloadOf(route, messageId), { companyId: route.companyId });
  }

  private async send(companyId: number, messageId: number): Promise<void> {
    const target = await this.load(companyId, messageId);
    // Nothing to send: gone, internal, deleted before it left, or already sent by an earlier attempt.
    if (!target || target.message.isPrivate || target.message.isDeleted || target.message.ack > 0) return;
    const { message, driver, base } = target;
    const data = parseJson(message.dataJson);
    const quoted = message.quotedMsgId != null ? await this.row(companyId, message.quotedMsgId) : null;
    const media = message.mediaUrl ? mediaOf(message.mediaUrl, data) : undefined;
    const result = await driver.send({
      ...base,
      ticket: target.ticket,
      message: {
        id: message.id,
        providerId: message.providerId,
        kind: kindOf(message.mediaType),
        body: message.body,
        mediaType: message.mediaType,
        ...(media ? { media } : {}),
        ...(quoted ? { quoted: { providerId: quoted.providerId, body: quoted.body, fromMe: quoted.fromMe } } : {}),
        ...(message.mediaType === "contactMessage" ? { vCard: data as { name: string; number: string } } : {}),
        ...(kindOf(message.mediaType) === "interactive" ? { data } : {}),
        createdAt: message.createdAt,
      },
    });
    const ack = clampAck(result?.ack ?? 1);
    const providerId = result?.providerId?.trim() || message.providerId;
    const sent = { providerId, ack, id: message.id, now: nowIso() };
    const stored = await this.writes.run(({ db }) => sentStatement(db).get(sent));
    if (!stored) return;
    // Deleted while the driver was sending: take it back from the customer too.
    if (stored.isDeleted) await this.enqueue(REMOVE_JOB, target.ticketRow, stored.id, this.db);
    // Delivered and recorded: a failed announcement is logged, never a reason to send again.
    try {
      await this.announcer.message("update", stored, target.ticketRow, false);
      await this.announcer.acked(stored, target.ticketRow.whatsappId);
    } catch (err) {
      this.log.error(`tickets.deliver: events of message ${stored.id} failed`, err);
    }
  }

  private async edit(companyId: number, messageId: number): Promise<void> {
    const target = await this.load(companyId, messageId);
    if (!target || target.message.isPrivate) return;
    // Not sent yet: the pending send reads the new body anyway; retry so the edit lands after it.
    if (target.message.ack === 0 && !target.message.isDeleted) throw new Error(`message ${messageId} is not delivered yet`);
    await target.driver.edit({ ...target.base, message: { id: target.message.id, providerId: target.message.providerId, body: target.message.body } });
  }

  private async remove(companyId: number, messageId: number): Promise<void> {
    const target = await this.load(companyId, messageId);
    // Never sent: the send job skips deleted messages, so there is nothing to take back.
    if (!target || target.message.isPrivate || target.message.ack === 0) return;
    await target.driver.remove({ ...target.base, message: { id: target.message.id, providerId: target.message.providerId, fromMe: target.message.fromMe } });
  }

  private async row(companyId: number, id: number): Promise<MessageRow | null> {
    return (await deliveryStatements(this.db).message.get({ companyId, id })) ?? null;
  }

  /** The message with everything a driver call needs; null when the message is gone. */
  private async load(companyId: number, messageId: number) {
    const message = await this.row(companyId, messageId);
    if (!message) return null;
    const ticketRow = await deliveryStatements(this.db).ticket.get({ id: message.ticketId });
    if (!ticketRow) return null;
    const connection = await this.services.require("connections.get")(companyId, ticketRow.whatsappId);
    if (!connection) throw new Error(`connection ${ticketRow.whatsappId} of message ${messageId} not found`);
    const contact = await this.services.require("contacts.get")(companyId, ticketRow.contactId);
    if (!contact) throw new Error(`contact ${ticketRow.contactId} of message ${messageId} not found`);
    const driver = this.driverFor(connection.channel);
    if (!driver) {
      this.log.warn(`tickets.deliver: no channel driver registered for "${connection.channel}" (message ${messageId} stays pending)`);
      throw new Error(`no channel driver for "${connection.channel}"`);
    }
    const base = { companyId, connection, to: { contactId: contact.id, number: contact.number, name: contact.name, isGroup: contact.isGroup } };
    const ticket: OutboundRequest["ticket"] = { id: ticketRow.id, uuid: ticketRow.uuid, status: ticketRow.status };
    return { message, ticketRow, ticket, driver, base };
  }
}

const payloadOf = (route: DeliveryRoute, messageId: number): Payload => ({ messageId, connectionId: route.whatsappId, channel: route.channel });

const p = sql.placeholder;
/** Every outbound message's delivery job runs these: built once. */
const deliveryStatements = preparedPer((db: Db) => ({
  message: db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, p("companyId")), eq(messages.id, p("id"))))
    .limit(1)
    .prepare(),
  ticket: db
    .select()
    .from(tickets)
    .where(eq(tickets.id, p("id")))
    .limit(1)
    .prepare(),
}));
/** The driver's id and ack; acks never go down. */
const sentStatement = preparedPer((db: SyncDb) =>
  db
    .update(messages)
    .set({ providerId: sql`${p("providerId")}`, ack: sql`max(${messages.ack}, ${p("ack")})`, updatedAt: sql`${p("now")}` })
    .where(eq(messages.id, p("id")))
    .returning()
    .prepare(),
);

const clampAck = (ack: number): MessageAck => Math.max(0, Math.min(5, Math.trunc(Number(ack) || 0))) as MessageAck;

/** The stored file a media message points at (`/public/<path>`), with the name and type kept in dataJson. */
function mediaOf(url: string, data: unknown): NonNullable<OutboundRequest["message"]["media"]> {
  const meta = (data && typeof data === "object" ? data : {}) as { mimetype?: unknown; fileName?: unknown; ptt?: unknown };
  const path = url.replace(/^\/public\//, "");
  return {
    path,
    url,
    mimetype: typeof meta.mimetype === "string" ? meta.mimetype : "application/octet-stream",
    fileName: typeof meta.fileName === "string" ? meta.fileName : (path.split("/").pop() ?? "file"),
    ...(typeof meta.ptt === "boolean" ? { voiceNote: meta.ptt } : {}),
  };
}
