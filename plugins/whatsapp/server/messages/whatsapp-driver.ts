import { AppError } from "../../../../core/errors.ts";
import type { Storage } from "../../../../core/storage/storage.ts";
import type { ChannelDriver, OutboundRequest, PhoneBook } from "../../../channels/channel-driver.contract.ts";
import { sessionResource } from "../session/leases.ts";
import type { LiveSession, SessionRegistry } from "../session/session-registry.ts";
import { BoundedMap } from "./bounded.ts";
import type { OwnEchoes } from "./echoes.ts";
import { digitsOf, jidOfContact } from "./jid.ts";
import type { LidMap } from "./lid-map.ts";
import { waMessageId } from "./message-id.ts";
import { contentOf, quotedOf } from "./outbound-content.ts";

/** A Brazilian mobile number with the ninth digit: older accounts are registered without it. */
const BR_MOBILE = /^55\d{2}9\d{8}$/;

/**
 * The "whatsapp" channel driver: the tickets plugin's durable delivery job calls it for
 * every stored outbound message. Throwing makes the job retry with backoff (no live
 * session: ERR_WAPP_NOT_INITIALIZED); the WhatsApp message id is derived from our provider
 * id, so a retried send is the same message for WhatsApp and for the acks.
 */
export class WhatsappDriver implements ChannelDriver {
  readonly channel = "whatsapp";
  /** How WhatsApp spells a Brazilian number (with or without the ninth digit), per connection. */
  private spelled = new BoundedMap<string, string>(20_000, 24 * 60 * 60_000);

  constructor(
    private sessions: SessionRegistry,
    private storage: Storage,
    private lids: LidMap,
    private echoes: OwnEchoes,
    /** The phone's contacts and chats, for the contacts import (phone-book.ts). */
    readonly phoneBook?: PhoneBook,
  ) {}

  /** Deliveries run in the process that drives the session (it holds this key with the session lease). */
  affinity(connectionId: number): string {
    return sessionResource(connectionId);
  }

  async send(request: OutboundRequest) {
    const session = this.session(request.connection.id);
    const jid = await this.jidOf(session, request);
    const messageId = await waMessageId(request.message.providerId);
    const content = await contentOf(request.message, this.storage);
    const quoted = request.message.quoted ? quotedOf(jid, request.message.quoted) : undefined;
    // Marked before sending: Baileys may echo the message back before sendMessage returns.
    this.echoes.mark(session.whatsappId, "send", messageId);
    await session.socket.sendMessage(jid, content, { messageId, ...(quoted ? { quoted } : {}) });
    return { providerId: messageId, ack: 1 as const };
  }

  async edit(request: Parameters<ChannelDriver["edit"]>[0]) {
    const session = this.session(request.connection.id);
    const jid = await this.jidOf(session, request);
    this.echoes.mark(session.whatsappId, "edit", request.message.providerId);
    await session.socket.sendMessage(jid, { text: request.message.body, edit: { remoteJid: jid, fromMe: true, id: request.message.providerId } });
  }

  async remove(request: Parameters<ChannelDriver["remove"]>[0]) {
    const session = this.session(request.connection.id);
    const jid = await this.jidOf(session, request);
    this.echoes.mark(session.whatsappId, "remove", request.message.providerId);
    await session.socket.sendMessage(jid, { delete: { remoteJid: jid, fromMe: request.message.fromMe, id: request.message.providerId } });
  }

  private session(whatsappId: number): LiveSession {
    const session = this.sessions.live(whatsappId);
    if (!session?.connected) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    return session;
  }

  /**
   * Where the message goes: `<id>@g.us` for groups; for a person the number, except a
   * contact stored under lid digits (WhatsApp had not told us the number yet) which goes
   * to the number learnt since, or to `<lid>@lid`.
   */
  private async jidOf(session: LiveSession, request: Pick<OutboundRequest, "companyId" | "to">): Promise<string> {
    const { to, companyId } = request;
    if (to.isGroup) return jidOfContact(to.number, true);
    const digits = to.number.replace(/\D/g, "");
    const paired = await this.lids.numberOf(companyId, digits);
    if (paired) return `${paired}@s.whatsapp.net`;
    if (this.lids.isUnpaired(companyId, digits)) return `${digits}@lid`;
    if (BR_MOBILE.test(digits)) return this.brazilian(session, digits);
    return `${digits}@s.whatsapp.net`;
  }

  /** Asks WhatsApp once how a Brazilian mobile is registered (12 or 13 digits); the number as stored when it cannot tell. */
  private async brazilian(session: LiveSession, digits: string): Promise<string> {
    const key = `${session.whatsappId}:${digits}`;
    const known = this.spelled.get(key);
    if (known) return known;
    let jid = `${digits}@s.whatsapp.net`;
    try {
      const [found] = (await session.socket.onWhatsApp(digits)) ?? [];
      if (found?.exists && digitsOf(found.jid)) jid = `${digitsOf(found.jid)}@s.whatsapp.net`;
    } catch {
      return jid;
    }
    this.spelled.set(key, jid);
    return jid;
  }
}
