import type { BaileysEventMap, WAMessageKey } from "@whiskeysockets/baileys";
import type { Logger } from "../../../../core/log.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import type { MessageAck } from "../../../channels/channel-driver.contract.ts";
import type {} from "../../../channels/inbound.contract.ts";
import type { LiveSession } from "../session/session-registry.ts";
import type { OwnEchoes } from "./echoes.ts";
import type { InboundPipeline } from "./inbound.ts";
import { isIgnoredChat } from "./jid.ts";
import { textOf } from "./unwrap.ts";
import { ackOfStatus, STUB_REVOKE } from "./wa-constants.ts";

/** How often, and how far apart, an ack for a message not recorded yet is tried again. */
const ACK_RETRIES = 3;
const ACK_RETRY_MS = 1_500;

/**
 * Later news about stored messages: acks (`messages.update` status, group
 * `message-receipt.update`), edits and revokes that arrive as updates. Acks only rise
 * (the tickets plugin ignores a lower one) and are raised live through `tickets.ack`.
 */
export class MessageUpdates {
  constructor(
    private services: Services,
    private inbound: InboundPipeline,
    private echoes: OwnEchoes,
    private log: Logger,
    private retryMs = ACK_RETRY_MS,
  ) {}

  async onUpdates(session: LiveSession, updates: BaileysEventMap["messages.update"]): Promise<void> {
    for (const { key, update } of updates) {
      if (!key?.id || isIgnoredChat(key.remoteJid)) continue;
      const edited = update.message?.editedMessage?.message;
      if (edited) await this.inbound.edited(session, key.id, textOf(edited), !!key.fromMe);
      else if (update.messageStubType === STUB_REVOKE && !update.message) await this.inbound.revoked(session, key.id, !!key.fromMe);
      if (update.status !== undefined && update.status !== null && key.fromMe) {
        const ack = ackOfStatus(update.status);
        if (ack !== null) await this.ack(session, key, ack);
      }
    }
  }

  /** Group receipts, per member: the furthest any member got (played > read > delivered). */
  async onReceipts(session: LiveSession, receipts: BaileysEventMap["message-receipt.update"]): Promise<void> {
    for (const { key, receipt } of receipts) {
      if (!key?.id || !key.fromMe || isIgnoredChat(key.remoteJid)) continue;
      const ack: MessageAck | null = receipt.playedTimestamp ? 4 : receipt.readTimestamp ? 3 : receipt.receiptTimestamp ? 2 : null;
      if (ack !== null) await this.ack(session, key, ack);
    }
  }

  /**
   * Raises the ack. WhatsApp's first ack of a message we sent can arrive before the
   * tickets plugin recorded its WhatsApp id: for our own recent sends it is tried again shortly.
   */
  private async ack(session: LiveSession, key: WAMessageKey, ack: MessageAck, attempt = 0): Promise<void> {
    const ref = { companyId: session.companyId, whatsappId: session.whatsappId, providerId: key.id! };
    const known = await this.services.require("tickets.ack")(ref, ack);
    if (known || attempt >= ACK_RETRIES || !this.echoes.has(session.whatsappId, "send", key.id!)) return;
    const timer = setTimeout(() => {
      this.ack(session, key, ack, attempt + 1).catch((err) => this.log.warn(`whatsapp: ack of ${key.id} failed`, err));
    }, this.retryMs);
    (timer as { unref?: () => void }).unref?.();
  }
}
