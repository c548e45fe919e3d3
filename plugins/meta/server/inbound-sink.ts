import { AppError } from "../../../core/errors.ts";
import type { Logger } from "../../../core/log.ts";
import type { Services } from "../../../core/plugin/services.ts";
import type { InboundMessage } from "../../channels/inbound.contract.ts";
import type { MessageAck } from "../../channels/channel-driver.contract.ts";
import type {} from "../../connections/server/connections.contract.ts";
import type { MetaAccount } from "./accounts.ts";
import type { ConversationLog } from "./conversation-log.ts";
import { GraphError, MediaTooLarge, type GraphClient } from "./graph-client.ts";

/** What a webhook parser hands over for one customer message. */
export interface Incoming {
  providerId: string;
  number: string;
  name?: string;
  timestamp: number;
  body?: string;
  mediaType?: string;
  data?: unknown;
  quotedProviderId?: string;
  /**
   * A file to fetch: a plain URL (Messenger, Instagram), or a Cloud API media id whose URL
   * `GET /{media-id}` answers and which is downloaded with the account's token.
   */
  download?: { url?: string; mediaId?: string; fileName: string; mimetype?: string };
}

/**
 * The one place webhook parsers write through: tickets.receive for messages (after the
 * media download), tickets.ack for acks, and this plugin's conversation log (24-hour
 * window, outbound ids for watermarks).
 */
export class InboundSink {
  constructor(
    private services: Services,
    private log: ConversationLog,
    private graph: GraphClient,
    private maxBytes: () => Promise<number>,
    private logger: Logger,
  ) {}

  async message(account: MetaAccount, msg: Incoming): Promise<void> {
    const conv = { companyId: account.companyId, whatsappId: account.whatsappId, number: msg.number };
    let media: InboundMessage["media"];
    let body = msg.body;
    let data = msg.data;
    if (msg.download) {
      try {
        const { url, mimetype: declared, withToken } = await this.locate(account, msg.download);
        const file = await this.graph.download(url, await this.maxBytes(), withToken ? account.token : undefined);
        const mimetype = (declared || file.mimetype).split(";")[0]!.trim() || "application/octet-stream";
        media = { mimetype, fileName: msg.download.fileName, data: file.data };
      } catch (err) {
        // A lost or oversized file must not lose the message: keep it, say why, go on.
        if (!(err instanceof MediaTooLarge) && !(err instanceof GraphError)) throw err;
        this.logger.warn(`meta: media of ${msg.providerId} not stored: ${err.message}`);
        body = body?.trim() ? body : `📎 ${msg.download.fileName}`;
        data = { ...(typeof data === "object" && data ? data : {}), mediaError: err instanceof MediaTooLarge ? "too large" : "unavailable" };
      }
    }
    try {
      await this.receive(account, msg, body, media, data);
    } catch (err) {
      // A message the pipeline refuses (no text, bad id …) is refused again on every retry: log it, go on.
      if (err instanceof AppError && err.status < 500) {
        this.logger.warn(`meta: message ${msg.providerId} refused: ${err.code} ${JSON.stringify(err.detail)}`);
        return;
      }
      throw err;
    }
    // Reactions open the window too (Meta counts any customer action in the conversation).
    await this.log.inbound(conv, Math.min(msg.timestamp, Date.now()));
  }

  private async receive(account: MetaAccount, msg: Incoming, body: string | undefined, media: InboundMessage["media"], data: unknown): Promise<void> {
    await this.services.require("tickets.receive")({
      companyId: account.companyId,
      whatsappId: account.whatsappId,
      providerId: msg.providerId,
      from: { number: msg.number, name: msg.name },
      body,
      media,
      timestamp: msg.timestamp,
      ...(msg.mediaType && !media ? { mediaType: msg.mediaType } : {}),
      ...(data !== undefined ? { data } : {}),
      ...(msg.quotedProviderId ? { quotedProviderId: msg.quotedProviderId } : {}),
    });
  }

  /** Where a file is: its URL, or (Cloud API) the URL and type its media id resolves to. */
  private async locate(account: MetaAccount, download: NonNullable<Incoming["download"]>): Promise<{ url: string; mimetype?: string; withToken: boolean }> {
    if (download.url) return { url: download.url, mimetype: download.mimetype, withToken: false };
    const media = await this.graph.call<{ url?: unknown; mime_type?: unknown }>(`/${encodeURIComponent(download.mediaId ?? "")}`, { token: account.token });
    if (typeof media.url !== "string" || !media.url) throw new GraphError(502, null, null, `media ${download.mediaId} has no URL`);
    return { url: media.url, mimetype: download.mimetype || (typeof media.mime_type === "string" ? media.mime_type : undefined), withToken: true };
  }

  /** Whether the customer ever wrote on this connection (a Graph name lookup is worth it only the first time). */
  async known(account: MetaAccount, number: string): Promise<boolean> {
    return (await this.log.window({ companyId: account.companyId, whatsappId: account.whatsappId, number })).closesAt !== null;
  }

  /** One message's ack rose (Cloud API statuses, Instagram reads by mid, Messenger `mids`). */
  async ack(account: MetaAccount, providerId: string, ack: MessageAck): Promise<void> {
    await this.services.require("tickets.ack")({ companyId: account.companyId, whatsappId: account.whatsappId, providerId }, ack);
    await this.log.acked(account.whatsappId, providerId, ack);
  }

  /** Every message we sent to `number` up to `watermark` (epoch ms) reached `ack`. */
  async watermark(account: MetaAccount, number: string, watermark: number, ack: MessageAck): Promise<void> {
    const conv = { companyId: account.companyId, whatsappId: account.whatsappId, number };
    for (const providerId of await this.log.below(conv, watermark, ack)) await this.ack(account, providerId, ack);
  }

  /** An Instagram read names one message: it and everything we sent before it are read. */
  async readUpTo(account: MetaAccount, number: string, providerId: string): Promise<void> {
    const at = await this.log.sentAt(account.whatsappId, providerId);
    // The watermark covers the message itself; one we have no send time of is acked alone.
    if (at !== null) await this.watermark(account, number, at, 3);
    else await this.ack(account, providerId, 3);
  }

  async edited(account: MetaAccount, providerId: string, body: string): Promise<void> {
    await this.services.require("tickets.providerEdited")({ companyId: account.companyId, whatsappId: account.whatsappId, providerId }, body);
  }

  async deleted(account: MetaAccount, providerId: string): Promise<void> {
    await this.services.require("tickets.providerDeleted")({ companyId: account.companyId, whatsappId: account.whatsappId, providerId });
  }
}
