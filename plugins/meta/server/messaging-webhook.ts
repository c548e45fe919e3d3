import type { CompanyAccess } from "../../../core/auth/company-access.ts";
import type { Logger } from "../../../core/log.ts";
import type { MetaKind } from "../schema/tables.ts";
import type { Accounts, MetaAccount } from "./accounts.ts";
import type { GraphClient } from "./graph-client.ts";
import type { Incoming, InboundSink } from "./inbound-sink.ts";
import { obj, str, num, arr } from "./payload.ts";

/**
 * Messenger (`object: "page"`) and Instagram (`object: "instagram"`) webhooks: each entry
 * names the Page / Instagram account, its `messaging` array holds events from one person
 * (sender = PSID / IGSID): `message` (text, attachments, `reply_to`, `is_echo`,
 * `is_deleted`), `message_edit`, `reaction`, `postback`, `delivery` (`mids`, `watermark`) and
 * `read` (`watermark` on Messenger, `mid` on Instagram).
 */
export class MessagingWebhook {
  constructor(
    private accounts: Accounts,
    private sink: InboundSink,
    private graph: GraphClient,
    private logger: Logger,
    private companyAccess: CompanyAccess,
  ) {}

  async entry(kind: Extract<MetaKind, "facebook" | "instagram">, entry: Record<string, unknown>): Promise<void> {
    const id = str(entry.id);
    let account = id ? await this.accounts.byAccount(kind, id) : null;
    if (!account && kind === "instagram" && id) account = await this.accounts.instagramByPage(id);
    const events = arr(entry.messaging).map(obj);
    if (!account) {
      if (events.length) this.logger.info(`meta: ${kind} webhook for account ${id ?? "?"} that no connection links: ignored`);
      return;
    }
    // A disabled company takes no new work; see webhook.handlers.ts for why the delivery still answers 200.
    if ((await this.companyAccess.state(account.companyId)) === "disabled") {
      if (events.length) this.logger.warn(`meta: ${kind} webhook for connection ${account.whatsappId} of disabled company ${account.companyId}: not stored`);
      return;
    }
    for (const event of events) await this.event(account, event);
  }

  private async event(account: MetaAccount, event: Record<string, unknown>): Promise<void> {
    const sender = str(obj(event.sender).id);
    const timestamp = num(event.timestamp) ?? Date.now();
    const message = obj(event.message);
    // Our own sends come back as echoes (sender = the Page): they are stored already.
    if (message.is_echo === true || !sender || sender === account.accountId || sender === account.pageId) return;

    if (event.message) {
      const mid = str(message.mid);
      if (!mid) return;
      if (message.is_deleted === true) return this.sink.deleted(account, mid);
      return this.message(account, sender, timestamp, mid, message);
    }
    if (event.message_edit) {
      const edit = obj(event.message_edit);
      const mid = str(edit.mid);
      if (mid) await this.sink.edited(account, mid, str(edit.text) ?? "");
      return;
    }
    if (event.reaction) {
      const reaction = obj(event.reaction);
      const mid = str(reaction.mid);
      if (!mid) return;
      const removed = str(reaction.action) === "unreact";
      const emoji = removed ? "" : (str(reaction.emoji) ?? str(reaction.reaction) ?? "");
      return this.sink.message(account, {
        // A reaction has no id of its own: the reacted message, the person and the time name it.
        providerId: `reaction:${mid}:${sender}:${timestamp}`,
        number: sender,
        timestamp,
        body: emoji,
        mediaType: "reactionMessage",
        data: { reaction: str(reaction.reaction) ?? null, action: removed ? "unreact" : "react" },
        quotedProviderId: mid,
      });
    }
    if (event.postback) {
      // A tapped button: what the person "said" is the button's title.
      const postback = obj(event.postback);
      const title = str(postback.title) ?? str(postback.payload) ?? "";
      return this.sink.message(account, {
        providerId: str(postback.mid) ?? `postback:${sender}:${timestamp}`,
        number: sender,
        timestamp,
        body: title,
        data: { postback: { title: str(postback.title) ?? null, payload: str(postback.payload) ?? null } },
      });
    }
    if (event.delivery) {
      const delivery = obj(event.delivery);
      for (const mid of arr(delivery.mids).map(str)) if (mid) await this.sink.ack(account, mid, 2);
      const watermark = num(delivery.watermark);
      if (watermark) await this.sink.watermark(account, sender, watermark, 2);
      return;
    }
    if (event.read) {
      const read = obj(event.read);
      const watermark = num(read.watermark);
      const mid = str(read.mid);
      if (watermark) await this.sink.watermark(account, sender, watermark, 3);
      else if (mid) await this.sink.readUpTo(account, sender, mid);
    }
  }

  private async message(account: MetaAccount, sender: string, timestamp: number, mid: string, message: Record<string, unknown>): Promise<void> {
    const name = (await this.sink.known(account, sender)) ? undefined : await this.nameOf(account, sender);
    const text = str(message.text) ?? "";
    const quoted = str(obj(message.reply_to).mid);
    const attachments = arr(message.attachments).map(obj);
    const base = { number: sender, name, timestamp, ...(quoted ? { quotedProviderId: quoted } : {}) };
    if (!attachments.length) {
      // Stickers and unsupported content come without text: keep a visible trace.
      return this.sink.message(account, { ...base, providerId: mid, body: text || (message.is_unsupported === true ? "[unsupported]" : "") || "[…]" });
    }
    // One stored message per attachment; the text travels with the first.
    for (const [i, attachment] of attachments.entries()) {
      const item: Incoming = { ...base, providerId: i === 0 ? mid : `${mid}:${i}`, body: i === 0 ? text : "" };
      await this.sink.message(account, { ...item, ...attachmentOf(attachment, mid, i) });
    }
  }

  /** The person's name, best effort: Messenger's `name`, Instagram's `name` or `username`. */
  private async nameOf(account: MetaAccount, id: string): Promise<string | undefined> {
    try {
      const fields = account.kind === "instagram" ? "name,username" : "name,first_name,last_name";
      const profile = await this.graph.call<Record<string, unknown>>(`/${encodeURIComponent(id)}`, { token: account.token, query: { fields } });
      const full = str(profile.name) ?? [str(profile.first_name), str(profile.last_name)].filter(Boolean).join(" ");
      return full || str(profile.username) || undefined;
    } catch (err) {
      this.logger.info(`meta: no profile name for ${id}: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  }
}

const EXT_BY_TYPE: Record<string, string> = { image: "jpg", video: "mp4", audio: "mp4", file: "bin" };

/** A message attachment as an Incoming part: a file to download, a location, or a link. */
function attachmentOf(attachment: Record<string, unknown>, mid: string, index: number): Partial<Incoming> {
  const type = str(attachment.type) ?? "file";
  const payload = obj(attachment.payload);
  const url = str(payload.url);
  if (type === "location") {
    const coords = obj(payload.coordinates);
    return { mediaType: "locationMessage", data: { latitude: num(coords.lat), longitude: num(coords.long), name: str(attachment.title) ?? "" }, body: str(attachment.title) ?? "" };
  }
  if (url && ["image", "video", "audio", "file"].includes(type)) {
    const fromUrl = fileNameOfUrl(url);
    const fileName = fromUrl ?? `${type}-${mid.slice(-12).replace(/[^A-Za-z0-9]/g, "")}${index ? `-${index}` : ""}.${EXT_BY_TYPE[type]}`;
    return { download: { url, fileName } };
  }
  // Shares, templates, fallbacks, story mentions: keep the link or title as text.
  const title = str(attachment.title) ?? str(payload.title);
  return { body: [title, url].filter(Boolean).join("\n") || `[${type}]`, data: { attachment: { type, url: url ?? null } } };
}

/** The last path segment when it looks like a file name. */
function fileNameOfUrl(url: string): string | null {
  try {
    const last = decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
    return /^[\w.-]{1,120}\.[A-Za-z0-9]{1,8}$/.test(last) ? last : null;
  } catch {
    return null;
  }
}
