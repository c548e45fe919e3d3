import type { ChannelDriver, OutboundRequest } from "../../channels/channel-driver.contract.ts";
import type { MetaAccount } from "./accounts.ts";
import { cloudInteractive } from "./cloud-interactive.ts";
import { type DriverDeps, fileOf, idFrom, metaDriver, textOf } from "./driver-support.ts";

/** The Cloud API's message types for a file, by MIME type. */
export function cloudMediaType(mimetype: string): "image" | "video" | "audio" | "document" {
  const kind = mimetype.split("/")[0];
  return kind === "image" || kind === "video" || kind === "audio" ? kind : "document";
}

/**
 * The WhatsApp Cloud API: `POST /{phone-number-id}/messages` with the system-user token.
 * Files are uploaded first (`POST /{phone-number-id}/media`, multipart `file`, `type`,
 * `messaging_product`) and sent by media id; captions ride on images, videos and
 * documents (audio has none: its text follows as a second message). Quoted replies use
 * `context.message_id`; contact cards go as `contacts`. Lists and reply buttons (the bot's
 * menus, the composer's list) go as `interactive` messages when they fit the Cloud API's
 * bounds (cloud-interactive.ts), as their text otherwise.
 */
export function createCloudDriver(deps: DriverDeps): ChannelDriver {
  async function post(account: MetaAccount, request: OutboundRequest, content: Record<string, unknown>): Promise<string> {
    const quoted = request.message.quoted?.providerId;
    const answer = await deps.graph.call<{ messages?: { id?: unknown }[] }>(`/${encodeURIComponent(account.accountId)}/messages`, {
      token: account.token,
      body: { messaging_product: "whatsapp", recipient_type: "individual", to: request.to.number, ...content, ...(quoted ? { context: { message_id: quoted } } : {}) },
    });
    return idFrom(answer.messages?.[0]?.id, "message id");
  }

  async function upload(account: MetaAccount, media: NonNullable<OutboundRequest["message"]["media"]>): Promise<string> {
    const form = new FormData();
    form.set("messaging_product", "whatsapp");
    form.set("type", media.mimetype);
    form.set("file", await fileOf(deps.storage, media), media.fileName);
    const answer = await deps.graph.call<{ id?: unknown }>(`/${encodeURIComponent(account.accountId)}/media`, { token: account.token, body: form });
    return idFrom(answer.id, "media id");
  }

  const driver = metaDriver("whatsappapi", deps, async (account, request) => {
    const { media, vCard } = request.message;
    if (vCard && request.message.kind === "contact") {
      const card = { name: { formatted_name: vCard.name, first_name: vCard.name }, phones: [{ phone: `+${vCard.number}`, wa_id: vCard.number, type: "CELL" }] };
      return post(account, request, { type: "contacts", contacts: [card] });
    }
    const interactive = !media && request.message.kind === "interactive" ? cloudInteractive(request.message.body, request.message.data) : null;
    if (interactive) return post(account, request, { type: "interactive", interactive });
    if (!media) return post(account, request, { type: "text", text: { body: textOf(request), preview_url: false } });
    const type = cloudMediaType(media.mimetype);
    const id = await upload(account, media);
    const caption = request.message.body.trim();
    const object: Record<string, unknown> = { id };
    if (type !== "audio" && caption) object.caption = caption;
    if (type === "document") object.filename = media.fileName;
    const sent = await post(account, request, { type, [type]: object });
    if (type === "audio" && caption && caption !== media.fileName)
      await post(account, { ...request, message: { ...request.message, quoted: undefined } }, { type: "text", text: { body: caption, preview_url: false } });
    return sent;
  });
  return { ...driver, list: true, buttons: true };
}
