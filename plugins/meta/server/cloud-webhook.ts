import type { CompanyAccess } from "../../../core/auth/company-access.ts";
import type { Logger } from "../../../core/log.ts";
import type { Accounts, MetaAccount } from "./accounts.ts";
import type { Incoming, InboundSink } from "./inbound-sink.ts";
import { arr, num, obj, str } from "./payload.ts";

const MEDIA_TYPES = ["image", "video", "audio", "document", "sticker"] as const;
const EXT_BY_MIME: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "video/mp4": "mp4",
  "video/3gpp": "3gp",
  "audio/ogg": "ogg",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "audio/aac": "aac",
  "audio/amr": "amr",
  "application/pdf": "pdf",
};
/** Cloud API status → ack (1 sent, 2 delivered, 3 read). */
const ACK_OF_STATUS = { sent: 1, delivered: 2, read: 3 } as const;

/**
 * WhatsApp Cloud API webhooks (`object: "whatsapp_business_account"`): each entry has
 * `changes[]` of field `messages` whose `value` carries `metadata.phone_number_id` (the
 * number, i.e. the connection), `contacts[]` (`wa_id`, `profile.name`), `messages[]` and
 * `statuses[]` (sent, delivered, read, failed).
 */
export class CloudWebhook {
  constructor(
    private accounts: Accounts,
    private sink: InboundSink,
    private logger: Logger,
    private companyAccess: CompanyAccess,
  ) {}

  async entry(entry: Record<string, unknown>): Promise<void> {
    for (const change of arr(entry.changes).map(obj)) {
      if (str(change.field) !== "messages") continue;
      const value = obj(change.value);
      const phoneNumberId = str(obj(value.metadata).phone_number_id);
      const account = phoneNumberId ? await this.accounts.byAccount("whatsappapi", phoneNumberId) : null;
      if (!account) {
        this.logger.info(`meta: Cloud API webhook for number ${phoneNumberId ?? "?"} that no connection links: ignored`);
        continue;
      }
      // A disabled company takes no new work; see webhook.handlers.ts for why the delivery still answers 200.
      if ((await this.companyAccess.state(account.companyId)) === "disabled") {
        this.logger.warn(`meta: Cloud API webhook for connection ${account.whatsappId} of disabled company ${account.companyId}: not stored`);
        continue;
      }
      const names = new Map<string, string>();
      for (const c of arr(value.contacts).map(obj)) {
        const waId = str(c.wa_id);
        const name = str(obj(c.profile).name);
        if (waId && name) names.set(waId, name);
      }
      for (const message of arr(value.messages).map(obj)) await this.message(account, message, names);
      for (const status of arr(value.statuses).map(obj)) await this.status(account, status);
    }
  }

  private async message(account: MetaAccount, message: Record<string, unknown>, names: Map<string, string>): Promise<void> {
    const id = str(message.id);
    const from = str(message.from);
    if (!id || !from) return;
    const seconds = num(message.timestamp);
    const base: Incoming = {
      providerId: id,
      number: from,
      name: names.get(from),
      timestamp: seconds ? seconds * 1000 : Date.now(),
      ...(str(obj(message.context).id) ? { quotedProviderId: str(obj(message.context).id) } : {}),
    };
    await this.sink.message(account, { ...base, ...contentOf(message, id) });
  }

  private async status(account: MetaAccount, status: Record<string, unknown>): Promise<void> {
    const id = str(status.id);
    const state = str(status.status);
    if (!id || !state) return;
    if (state === "failed") {
      const errors = arr(status.errors)
        .map(obj)
        .map((e) => `${str(e.code) ?? "?"} ${str(e.title) ?? str(e.message) ?? ""}`.trim());
      this.logger.warn(`meta: Cloud API message ${id} to ${str(status.recipient_id) ?? "?"} failed: ${errors.join("; ") || "no detail"}`);
      return;
    }
    const ack = ACK_OF_STATUS[state as keyof typeof ACK_OF_STATUS];
    if (ack) await this.sink.ack(account, id, ack);
  }
}

/** The content of one Cloud API message, by its `type`. */
function contentOf(message: Record<string, unknown>, id: string): Partial<Incoming> {
  const type = str(message.type) ?? "unknown";
  if (type === "text") return { body: str(obj(message.text).body) ?? "" };
  if ((MEDIA_TYPES as readonly string[]).includes(type)) {
    const media = obj(message[type]);
    const mimetype = (str(media.mime_type) ?? "").split(";")[0]!.trim();
    const ext = EXT_BY_MIME[mimetype] ?? "bin";
    const fileName = str(media.filename) ?? `${type}-${id.slice(-12).replace(/[^A-Za-z0-9]/g, "")}.${ext}`;
    const mediaId = str(media.id);
    const caption = str(media.caption) ?? "";
    if (!mediaId) return { body: caption || `[${type}]` };
    return { body: caption, download: { mediaId, fileName, ...(mimetype ? { mimetype } : {}) } };
  }
  if (type === "reaction") {
    const reaction = obj(message.reaction);
    // An empty emoji is the customer taking the reaction back.
    return {
      mediaType: "reactionMessage",
      body: str(reaction.emoji) ?? "",
      quotedProviderId: str(reaction.message_id),
      data: { action: str(reaction.emoji) ? "react" : "unreact" },
    };
  }
  if (type === "location") {
    const loc = obj(message.location);
    const data = { latitude: num(loc.latitude), longitude: num(loc.longitude), name: str(loc.name) ?? "", address: str(loc.address) ?? "" };
    return { mediaType: "locationMessage", body: [data.name, data.address].filter(Boolean).join(" - "), data };
  }
  if (type === "contacts") {
    const card = obj(arr(message.contacts)[0]);
    const phone = obj(arr(card.phones)[0]);
    const name = str(obj(card.name).formatted_name) ?? "";
    const number = (str(phone.wa_id) ?? str(phone.phone) ?? "").replace(/\D/g, "");
    return { mediaType: "contactMessage", body: name, data: { name, number } };
  }
  if (type === "button") return { body: str(obj(message.button).text) ?? "" };
  if (type === "interactive") {
    const interactive = obj(message.interactive);
    const reply = obj(interactive.button_reply ?? interactive.list_reply);
    const id = str(reply.id) ?? null;
    const title = str(reply.title) ?? null;
    return { body: replyText(id, title) ?? `[${str(interactive.type) ?? type}]`, data: { reply: { id, title } } };
  }
  return { body: `[${type}]` };
}

/**
 * What the customer "said" by tapping a list row or a reply button. The inbound bot numbers
 * its menus and gives each row the option's number as its id ("#" goes back to the start,
 * automation's reply.ts): the id picks exactly, where the title the Cloud API shows may be
 * cut to 24 characters and would no longer match the option's name. Other ids (rows of the
 * composer's own lists) mean nothing to a reader: the title is the answer.
 */
export function replyText(id: string | null, title: string | null): string | null {
  if (id && /^(\d{1,3}|#)$/.test(id)) return id;
  return title ?? id;
}
