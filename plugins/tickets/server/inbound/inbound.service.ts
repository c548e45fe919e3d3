import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { nowIso, timeOrderedUuid } from "../../../../core/db/columns.ts";
import { preparedPer } from "../../../../core/db/prepared.ts";
import type { Config } from "../../../../core/config.ts";
import type { Db } from "../../../../core/db/database.ts";
import type { SyncDb, WriteBatcher, WriteUnit } from "../../../../core/db/write-batch.ts";
import { AppError } from "../../../../core/errors.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import type {} from "../../../connections/server/connections.contract.ts";
import type {} from "../../../contacts/server/contacts.contract.ts";
import type { Logger } from "../../../../core/log.ts";
import type { SettingsService } from "../../../../core/settings/settings.ts";
import type { StoredFile, Storage } from "../../../../core/storage/storage.ts";
import { LIVE_STATUSES as LIVE, messages, ticketLogs, tickets } from "../../schema/tables.ts";
import { mediaTypeOf } from "../messages/media.ts";
import { mediaLimitBytes } from "../../../../core/storage/media-limits.ts";
import type { MessageAnnouncer } from "../messages/messages-events.ts";
import type { TicketReader } from "../tickets-internals.ts";
import { viewInUnit } from "../tickets/tickets-view-query.ts";
import type { TicketView } from "../../shared/ticket-types.ts";
import type { ContactSummary, InboundMessage, ReceiveResult } from "../../../channels/inbound.contract.ts";
import { type AfterInboundOptions, type AfterInboundStep, INBOUND_PRIORITY, type InboundStored } from "../bot.contract.ts";

/** A reaction is stored as a message of this type; it is neither unread nor the ticket's last message. */
export const REACTION = "reactionMessage";

/** Thrown inside the write unit when the providerId is already stored, to undo the unit. */
class AlreadyStored extends Error {}

type ContactLike = ContactSummary & Record<string, unknown>;
const p = sql.placeholder;

/** The message a connection's provider id names (the unique index messages (whatsapp_id, provider_id)). */
const sameProviderId = and(eq(messages.companyId, p("companyId")), eq(messages.whatsappId, p("whatsappId")), eq(messages.providerId, p("providerId")));

/**
 * What the unit needs of the ticket a message lands on; the whole row is read once, by the
 * view at the end of the unit (mapping 27 columns per lookup cost more than the lookup).
 */
const found = { id: tickets.id, queueId: tickets.queueId, userId: tickets.userId };
type FoundTicket = { id: number; queueId: number | null; userId: number | null };

/**
 * The pipeline's statements, built once per batcher connection. Columns with a JS-side
 * default (uuid, timestamps) are placeholders: a prepared statement would freeze them.
 */
const statementsFor = preparedPer((db: SyncDb) => {
  const live = and(eq(tickets.companyId, p("companyId")), eq(tickets.contactId, p("contactId")), eq(tickets.whatsappId, p("whatsappId")), inArray(tickets.status, [...LIVE]));
  const newMessage = {
    companyId: p("companyId"),
    ticketId: p("ticketId"),
    contactId: p("contactId"),
    whatsappId: p("whatsappId"),
    providerId: p("providerId"),
    body: p("body"),
    fromMe: p("fromMe"),
    mediaType: p("mediaType"),
    mediaUrl: p("mediaUrl"),
    quotedMsgId: p("quotedMsgId"),
    participant: p("participant"),
    dataJson: p("dataJson"),
    queueId: p("queueId"),
    createdAt: p("createdAt"),
    updatedAt: p("now"),
  };
  // set() takes no bare placeholders: wrapped in sql, they bind the same way.
  const lastMessage = { lastMessage: sql<string>`${p("lastMessage")}`, updatedAt: sql<string>`${p("now")}` };
  // The expiry clocks (issue 14): any message restarts `activity_at`, the attendant's side (phone) `agent_activity_at` too.
  const activity = { activityAt: sql<string>`${p("now")}` };
  const agentActivity = { ...activity, agentActivityAt: sql<string>`${p("now")}` };
  return {
    liveTicket: db.select(found).from(tickets).where(live).limit(1).prepare(),
    createTicket: db
      .insert(tickets)
      .values({
        uuid: p("uuid"),
        companyId: p("companyId"),
        contactId: p("contactId"),
        whatsappId: p("whatsappId"),
        channel: p("channel"),
        isGroup: p("isGroup"),
        status: "pending",
        queueId: p("queueId"),
        lastMessage: p("lastMessage"),
        unreadMessages: p("unreadMessages"),
        createdAt: p("now"),
        updatedAt: p("now"),
        activityAt: p("now"),
        agentActivityAt: p("now"),
      })
      .onConflictDoNothing()
      .returning(found)
      .prepare(),
    /**
     * A stored message of the connection (a retry, or what a reply or reaction points at).
     * Without the company: the connection is the company's (checked before the unit), and
     * (whatsapp_id, provider_id) alone is the unique index, so a stored message (a retry, a
     * quote) is answered from the index, which holds its id, without reading its table row.
     */
    byProviderId: db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.whatsappId, p("whatsappId")), eq(messages.providerId, p("providerId"))))
      .limit(1)
      .prepare(),
    insertMessage: db
      .insert(messages)
      .values(newMessage)
      .onConflictDoNothing({ target: [messages.whatsappId, messages.providerId] })
      .returning()
      .prepare(),
    /** timeCreateNewTicket: the contact's newest ticket closed since `since`, never one that asked a rating. */
    recentlyClosed: db
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        and(
          eq(tickets.companyId, p("companyId")),
          eq(tickets.contactId, p("contactId")),
          eq(tickets.whatsappId, p("whatsappId")),
          eq(tickets.status, "closed"),
          eq(tickets.ratingAsked, false),
          gte(tickets.activityAt, sql`${p("since")}`),
        ),
      )
      .orderBy(desc(tickets.activityAt))
      .limit(1)
      .prepare(),
    reopen: db
      .update(tickets)
      .set({
        status: sql`case when ${tickets.userId} is null then 'pending' when ${tickets.isGroup} then 'group' else 'open' end`,
        // The report times (ticket-times.ts): live again, and its attendant's (if any) from now when nobody had accepted it.
        closedAt: null,
        acceptedAt: sql`coalesce(${tickets.acceptedAt}, case when ${tickets.userId} is not null then ${p("now")} end)`,
        // Back with its attendant, or held by nobody (ticket-holder.ts: a closed ticket has no holder).
        holder: sql`case when ${tickets.userId} is null then null else 'attendant' end`,
        activityAt: sql`${p("now")}`,
        agentActivityAt: sql`${p("now")}`,
        warnedAt: null,
      })
      .where(and(eq(tickets.id, p("id")), eq(tickets.status, "closed")))
      .returning(found)
      .prepare(),
    logReopen: db
      .insert(ticketLogs)
      .values({ companyId: p("companyId"), ticketId: p("ticketId"), type: "reopen", userId: p("userId"), queueId: p("queueId"), createdAt: p("now") })
      .prepare(),
    logCreate: db
      .insert(ticketLogs)
      .values({ companyId: p("companyId"), ticketId: p("ticketId"), type: "create", createdAt: p("now") })
      .prepare(),
    unread: db
      .update(tickets)
      .set({ ...lastMessage, ...activity, unreadMessages: sql`${tickets.unreadMessages} + 1` })
      .where(eq(tickets.id, p("id")))
      .prepare(),
    ownMessage: db
      .update(tickets)
      .set({ ...lastMessage, ...agentActivity })
      .where(eq(tickets.id, p("id")))
      .prepare(),
  };
});
type Statements = ReturnType<typeof statementsFor>;

const messageByProviderId = (db: Db) => db.select().from(messages).where(sameProviderId).limit(1).prepare();
const summary = (c: ContactLike): ContactSummary => ({ id: c.id, name: c.name, urlPicture: c.urlPicture, disableBot: c.disableBot, isGroup: c.isGroup });

/**
 * The inbound pipeline: every channel driver hands its messages to `receive`. Writes for
 * one message (contact, ticket, log, message, counters) are ONE unit of the write batcher:
 * all or nothing, and committed (with the other messages that arrived meanwhile) before
 * `receive` answers. Units run one after another, and uniqueness also lives in the
 * database (contacts (company, number), the live-ticket partial index, messages
 * (connection, providerId)), so concurrent deliveries cannot duplicate.
 */
export class InboundService {
  constructor(
    private db: Db,
    private writes: WriteBatcher,
    private services: Services,
    private storage: Storage,
    private settings: SettingsService,
    private config: Pick<Config, "UPLOAD_MAX_BYTES">,
  ) {
    this.byProviderId = messageByProviderId(db);
  }

  /** Prepared once: the stored message a retry is answered with (media is looked up before its file is saved). */
  private byProviderId: ReturnType<typeof messageByProviderId>;

  private events: { announcer: MessageAnnouncer; reader: TicketReader; log: Logger } | null = null;

  /** Other plugins' steps for each new message, run inside its unit (`tickets.afterInbound`), highest priority first. */
  private readonly afterSteps: { step: AfterInboundStep; priority: number }[] = [];

  /** Adds a step run in the receive unit of every new (non-duplicate) message; equal priorities keep the order they were added in. */
  afterInbound(step: AfterInboundStep, options?: AfterInboundOptions): void {
    const priority = options?.priority ?? INBOUND_PRIORITY.observe;
    const at = this.afterSteps.findIndex((s) => s.priority < priority);
    this.afterSteps.splice(at < 0 ? this.afterSteps.length : at, 0, { step, priority });
  }

  /** Wires the realtime/bus announcements (the message side builds them after this service). */
  attach(announcer: MessageAnnouncer, reader: TicketReader, log: Logger): void {
    this.events = { announcer, reader, log };
  }

  async receive(input: InboundMessage): Promise<ReceiveResult> {
    const connection = await this.services.require("connections.get")(input.companyId, input.whatsappId);
    if (!connection) throw new AppError("ERR_NO_WAPP_FOUND");
    const providerId = input.providerId.trim();
    if (!providerId) throw new AppError("ERR_VALIDATION", { fields: { id: "Required" } });
    const mediaType = typeof input.mediaType === "string" ? input.mediaType.trim() : "";
    if (mediaType.length > 64) throw new AppError("ERR_VALIDATION", { fields: { mediaType: "Too Long!" } });
    // Structured kinds (location, contact card, reaction …) may come without text.
    if (!input.body?.trim() && !input.media && !mediaType) throw new AppError("ERR_VALIDATION", { fields: { body: "Required" } });

    // A retried media message answers before its file is stored again; any other retry is
    // caught inside the unit (one lookup on the batch's connection, nothing written).
    if (input.media) {
      const known = await this.existing(input.companyId, input.whatsappId, providerId);
      if (known) return known;
    }

    // Everything async (file I/O, the contact's defaults) happens before the unit, which is synchronous.
    const stored = input.media ? await this.storeMedia(input.companyId, input.media) : null;
    try {
      const contactStep = await this.services.require("contacts.findOrCreateStep")({
        companyId: input.companyId,
        number: input.from.number,
        name: input.from.name,
        isGroup: input.from.isGroup,
        channel: connection.channel,
      });
      const reopenWithin = input.fromMe ? 0 : connection.timeCreateNewTicket;
      const handlers = {
        integrationId: connection.integrationId,
        promptId: connection.promptId,
        flowIdWelcome: connection.flowIdWelcome,
        flowIdNotPhrase: connection.flowIdNotPhrase,
      };
      // One clock reading for the whole unit: on a libSQL server it runs again after each answer (remote-units.ts),
      // and the statements answered already keep the first run's values.
      const now = nowIso();
      const { result, view } = await this.writes.run((unit) =>
        this.write(unit, contactStep, input, providerId, { channel: connection.channel, reopenWithin, handlers }, stored, now),
      );
      await this.announce(result, view);
      return result;
    } catch (err) {
      if (stored) await this.storage.remove(stored.path);
      if (!(err instanceof AlreadyStored)) throw err;
      const again = await this.existing(input.companyId, input.whatsappId, providerId);
      if (!again) throw new AppError("ERR_CREATING_MESSAGE");
      return again;
    }
  }

  private write(
    unit: WriteUnit,
    contactStep: (unit: WriteUnit) => ContactSummary,
    input: InboundMessage,
    providerId: string,
    connection: { channel: string; reopenWithin: number; handlers: InboundStored["connection"] },
    stored: StoredFile | null,
    now: string,
  ): { result: ReceiveResult; view: TicketView } {
    const { channel } = connection;
    const { companyId, whatsappId } = input;
    const s = statementsFor(unit.db);
    // A delivery that raced its own retry: answered as the stored message, nothing written.
    if (s.byProviderId.get({ whatsappId, providerId })) throw new AlreadyStored();
    const contact = contactStep(unit);
    const body = input.body?.trim() ?? "";
    const mediaType = input.mediaType?.trim() || (stored ? mediaTypeOf(stored.mimetype) : "chat");
    const reaction = mediaType === REACTION;
    const inbound = !input.fromMe;
    // What the message does to its ticket; a new ticket is created with it (no second write).
    const lastMessage = reaction ? "" : body || stored?.originalName || "";
    const unreadMessages = inbound && !reaction ? 1 : 0;
    const {
      ticket: found,
      created,
      reopened,
    } = this.liveTicket(s, {
      companyId,
      contactId: contact.id,
      whatsappId,
      channel,
      isGroup: contact.isGroup,
      queueId: input.queueId ?? null,
      lastMessage,
      unreadMessages,
      now,
      reopenSince: connection.reopenWithin > 0 ? new Date(Date.parse(now) - connection.reopenWithin * 60_000).toISOString() : null,
    });

    const quotedMsgId = input.quotedProviderId ? (s.byProviderId.get({ whatsappId, providerId: String(input.quotedProviderId).trim() })?.id ?? null) : null;
    const createdAt = input.timestamp && Number.isFinite(input.timestamp) ? new Date(input.timestamp).toISOString() : now;
    const message = s.insertMessage.get({
      companyId,
      ticketId: found.id,
      contactId: contact.id,
      whatsappId,
      providerId,
      body,
      fromMe: input.fromMe ?? false,
      mediaType,
      mediaUrl: stored?.url ?? null,
      quotedMsgId,
      participant: input.participant?.trim().slice(0, 200) || null,
      dataJson: input.data === undefined ? (stored ? JSON.stringify({ mimetype: stored.mimetype, fileName: stored.originalName }) : null) : JSON.stringify(input.data),
      queueId: found.queueId,
      createdAt,
      now,
    });
    if (!message) throw new AlreadyStored();

    if (reopened) s.logReopen.run({ companyId, ticketId: found.id, userId: found.userId, queueId: found.queueId, now });
    if (created) s.logCreate.run({ companyId, ticketId: found.id, now });
    else if (!reaction) (inbound ? s.unread : s.ownMessage).run({ id: found.id, lastMessage, now });
    // The ticket as it commits and its view, in one read inside the unit: the announcement needs no query of its own.
    const read = viewInUnit(unit.db, companyId, found.id, created);
    if (!read) throw new AppError("ERR_NO_TICKET_FOUND");
    const result: ReceiveResult = { message, ticket: read.row, contact: summary(contact as ContactLike), duplicate: false };
    // In the same unit: what a step writes (a job row) commits with the message or not at all.
    // A step that claims the message is its answerer: the steps after it do not run.
    const handed: InboundStored = { db: unit.db, message, ticket: read.row, contact: result.contact, connection: connection.handlers };
    for (const { step } of this.afterSteps) if (step(handed) === "claimed") break;
    return { result, view: read.view };
  }

  /**
   * The contact's live ticket on this connection. When there is none, a ticket of the contact
   * closed since `reopenSince` (the connection's timeCreateNewTicket, for customer messages)
   * is reopened as it was (its attendant's again, else pending), unless a rating was asked on
   * it: a rated conversation is over, and the customer's next words start a new one. Else a
   * new ticket is created pending.
   * The insert does nothing when the partial unique index already holds a live ticket
   * (plain ON CONFLICT DO NOTHING: SQLite applies it to partial indexes too).
   */
  private liveTicket(
    s: Statements,
    k: {
      companyId: number;
      contactId: number;
      whatsappId: number;
      channel: string;
      isGroup: boolean;
      queueId: number | null;
      lastMessage: string;
      unreadMessages: number;
      now: string;
      reopenSince: string | null;
    },
  ): { ticket: FoundTicket; created: boolean; reopened?: boolean } {
    const live = s.liveTicket.get(k);
    if (live) return { ticket: live, created: false };
    const recent = k.reopenSince ? s.recentlyClosed.get({ ...k, since: k.reopenSince }) : undefined;
    const reopened = recent ? s.reopen.get({ id: recent.id, now: k.now }) : undefined;
    if (reopened) return { ticket: reopened, created: false, reopened: true };
    const created = s.createTicket.get({ ...k, uuid: timeOrderedUuid() });
    if (created) return { ticket: created, created: true };
    const again = s.liveTicket.get(k);
    if (!again) throw new AppError("ERR_CREATING_TICKET");
    return { ticket: again, created: false };
  }

  /** Ticket update, then appMessage create and the bus event, once the transaction committed. */
  private async announce(result: ReceiveResult, view: TicketView): Promise<void> {
    if (!this.events) return;
    try {
      const { reader, announcer } = this.events;
      // The committed row is in hand: one view and one audience serve both announcements.
      const known = await reader.announceRow(result.ticket, "inbound", view);
      await announcer.message("create", result.message, result.ticket, true, known ?? undefined);
    } catch (err) {
      // The message is stored; a failed announcement must not make the driver retry it.
      this.events.log.error(`tickets: events of inbound message ${result.message.id} failed`, err);
    }
  }

  /** A message already stored for (connection, providerId), with its ticket and contact. */
  private async existing(companyId: number, whatsappId: number, providerId: string): Promise<ReceiveResult | null> {
    const message = await this.byProviderId.get({ companyId, whatsappId, providerId });
    if (!message) return null;
    const [ticket] = await this.db.select().from(tickets).where(eq(tickets.id, message.ticketId)).limit(1);
    if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND");
    const contact = await this.services.require("contacts.get")(companyId, ticket.contactId);
    if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
    return { message, ticket, contact: summary(contact as ContactLike), duplicate: true };
  }

  private async storeMedia(companyId: number, media: NonNullable<InboundMessage["media"]>): Promise<StoredFile> {
    const maxBytes = await mediaLimitBytes(this.settings, this.config);
    if (media.data.byteLength > maxBytes) throw new AppError("ERR_PAYLOAD_TOO_LARGE", { maxBytes });
    const file = new File([media.data as Uint8Array<ArrayBuffer>], media.fileName || "file", { type: media.mimetype });
    return this.storage.save(companyId, file, { maxBytes });
  }
}
