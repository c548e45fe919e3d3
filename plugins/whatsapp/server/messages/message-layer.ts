import type { BaileysEventMap, Contact } from "@whiskeysockets/baileys";
import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type {} from "../../../channels/channel-driver.contract.ts";
import type { WaBoundary } from "../boundary/wa-socket.ts";
import type { LiveSession, SessionRegistry } from "../session/session-registry.ts";
import { AddressBook, provideAddressBook } from "./address-book.ts";
import { KeyedQueue } from "./bounded.ts";
import { CallHandler } from "./calls.ts";
import { ChatList } from "./chat-list.ts";
import { ContactPictures } from "./contact-pictures.ts";
import { Polls } from "./polls.ts";
import { registerClosedImportedHandlers } from "./closed-imported.handlers.ts";
import { OwnEchoes } from "./echoes.ts";
import { GroupNames } from "./groups.ts";
import { HistoryImport } from "./history-import.ts";
import { ImportedTickets } from "./imported-tickets.ts";
import { InboundPipeline } from "./inbound.ts";
import { isGroupJid } from "./jid.ts";
import { LidMap } from "./lid-map.ts";
import { MediaFetcher } from "./media.ts";
import { provideNumberServices } from "./number-services.ts";
import { whatsappPhoneBook } from "./phone-book.ts";
import { ReadReceipts } from "./read-receipts.ts";
import { resendLookup } from "./resend-lookup.ts";
import { MessageUpdates } from "./updates.ts";
import { WhatsappDriver } from "./whatsapp-driver.ts";

export interface MessageLayerOptions {
  /** History import: silence after which an import without a completion signal is over. */
  importIdleMs?: number;
  /** Delay before an ack for a message not recorded yet is tried again. */
  ackRetryMs?: number;
}

/** What the layer exposes to tests: the attach hook and the queues to wait on. */
export interface MessageLayer {
  attach(session: LiveSession): () => void;
  /** Resolves once every event received so far is processed. */
  idle(): Promise<void>;
  driver: WhatsappDriver;
}

/**
 * The WhatsApp message layer: every socket the session layer opens gets its listeners
 * (`attach`, registered with `sessions.onSocket`), the "whatsapp" channel driver is
 * registered with the tickets plugin, the contacts plugin gets `channels.checkNumber` /
 * `channels.profilePicture`, read receipts follow `tickets.ticket.read`, and
 * `POST /closedimported/{id}` closes what a history import opened.
 */
export function registerMessageLayer(ctx: PluginContext, sessions: SessionRegistry, boundary: WaBoundary, options: MessageLayerOptions = {}): MessageLayer {
  const lids = new LidMap(ctx.db);
  const echoes = new OwnEchoes();
  // The connections plugin caches rows and drops them on every change: no second cache here.
  const connection = (companyId: number, whatsappId: number) => ctx.services.require("connections.get")(companyId, whatsappId);
  const receipts = new ReadReceipts(sessions, ctx.log);
  const groups = new GroupNames();
  const inbound = new InboundPipeline({
    services: ctx.services,
    log: ctx.log,
    lids,
    groups,
    media: new MediaFetcher(boundary, ctx.settings, ctx.config, ctx.log),
    echoes,
    receipts,
    pictures: new ContactPictures(ctx.services, ctx.log),
    polls: new Polls(ctx.db, ctx.vault, ctx.services, ctx.log),
  });
  const updates = new MessageUpdates(ctx.services, inbound, echoes, ctx.log, options.ackRetryMs);
  const calls = new CallHandler(ctx.services, ctx.settings, lids, echoes, ctx.log);
  const imported = new ImportedTickets(ctx.db, ctx.services);
  const history = new HistoryImport({ services: ctx.services, realtime: ctx.realtime, log: ctx.log, connection, inbound, imported, lids, idleMs: options.importIdleMs });
  const book = new AddressBook(ctx.db, lids);
  const chatList = new ChatList(ctx.db, lids);
  const driver = new WhatsappDriver(sessions, ctx.storage, lids, echoes, whatsappPhoneBook(sessions, book, chatList));
  /** Messages per chat in delivery order; other events per connection. */
  const chats = new KeyedQueue();

  /** Listeners never throw into Baileys' emitter: a failure is logged with what it was about. */
  const guard = (what: string, session: LiveSession, work: () => Promise<unknown>): Promise<void> =>
    work().then(
      () => {},
      (err) => ctx.log.error(`whatsapp: ${what} on connection ${session.whatsappId} failed`, err),
    );

  /** Whether group chats become tickets on this connection (its groupAsTicket option). */
  const groupsOn = async (session: LiveSession) => (await connection(session.companyId, session.whatsappId))?.groupAsTicket === "enabled";

  function attach(session: LiveSession): () => void {
    const on = <E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void) => {
      session.socket.ev.on(event, listener);
      return () => session.socket.ev.off(event, listener);
    };
    /** Lid pairs WhatsApp announced: messages that arrive after an announcement wait for it to be recorded. */
    let learning = Promise.resolve();
    /** The phone's address book, for the contacts import: recorded in order, after the lid pairs learnt before it. */
    const learnBook = (contacts: Partial<Contact>[] | undefined) => {
      if (contacts?.length)
        void chats.run(`${session.whatsappId}:contacts`, () =>
          guard("address book", session, () => learning.then(() => book.learn(session.companyId, session.whatsappId, contacts))),
        );
    };
    /** The phone's chat list, for the contacts import's chats: in order, after the lid pairs learnt before it. */
    const learnChats = (list: Parameters<ChatList["learn"]>[2] | undefined) => {
      if (list?.length)
        void chats.run(`${session.whatsappId}:chats`, () => guard("chat list", session, () => learning.then(() => chatList.learn(session.companyId, session.whatsappId, list))));
    };
    const offs = [
      on("messages.upsert", ({ messages }) => {
        const learnt = learning;
        for (const message of messages) {
          const chat = message.key?.remoteJid ?? "";
          void chats.run(`${session.whatsappId}:${chat}`, () =>
            guard(`storing message ${message.key?.id}`, session, async () => {
              await learnt;
              await inbound.store(session, message, { groups: isGroupJid(chat) && (await groupsOn(session)) });
            }),
          );
        }
      }),
      on("messages.update", (list) => void chats.run(`${session.whatsappId}:updates`, () => guard("message updates", session, () => updates.onUpdates(session, list)))),
      on("message-receipt.update", (list) => void chats.run(`${session.whatsappId}:updates`, () => guard("receipts", session, () => updates.onReceipts(session, list)))),
      on("call", (list) => void chats.run(`${session.whatsappId}:calls`, () => guard("calls", session, () => calls.onCalls(session, list)))),
      on("lid-mapping.update", (pair) => {
        learning = learning.then(() => guard("lid mapping", session, () => lids.learn(session.companyId, pair.lid, pair.pn)));
      }),
      on("groups.update", (list) => {
        for (const g of list) if (g.id && g.subject) groups.renamed(session.whatsappId, g.id, g.subject);
      }),
      on("messaging-history.set", (event) => void guard("history import", session, () => history.onHistory(session, event))),
      on("messaging-history.set", ({ contacts }) => learnBook(contacts)),
      on("contacts.upsert", learnBook),
      on("contacts.update", learnBook),
      on("messaging-history.set", ({ chats }) => learnChats(chats)),
      on("chats.upsert", learnChats),
      on("chats.update", learnChats),
      on(
        "chats.delete",
        (ids) => void chats.run(`${session.whatsappId}:chats`, () => guard("chat list", session, () => chatList.forget(session.companyId, session.whatsappId, ids))),
      ),
      on("messaging-history.status", (event) => void guard("history import", session, () => history.onStatus(session, event))),
    ];
    return () => {
      for (const off of offs) off();
    };
  }

  sessions.onSocket(attach);
  sessions.provideMessages?.(resendLookup(ctx.services, sessions));
  ctx.services.require("channels.registerDriver")(driver);
  provideNumberServices(ctx.services, sessions);
  provideAddressBook(ctx.services, sessions, book);
  receipts.listen(ctx.bus);
  registerClosedImportedHandlers(ctx.router, imported);

  return {
    attach,
    driver,
    async idle() {
      await chats.idle();
      await history.idle();
      await chats.idle();
    },
  };
}
