import type { ChannelDriver, OutboundRequest } from "../../channels/channel-driver.contract.ts";
import type { MetaAccount } from "./accounts.ts";
import { type DriverDeps, fileOf, idFrom, metaDriver, textOf } from "./driver-support.ts";

/** Messenger's attachment types, by MIME type. */
export function attachmentType(mimetype: string): "image" | "video" | "audio" | "file" {
  const kind = mimetype.split("/")[0];
  return kind === "image" || kind === "video" || kind === "audio" ? kind : "file";
}

/**
 * Facebook Messenger and Instagram Direct (through the Instagram account's linked Page):
 * the Send API `POST /{page-id}/messages` with the Page token. Files are uploaded first
 * (`POST /{page-id}/message_attachments`, multipart `message` + `filedata`; `platform=instagram`
 * for Instagram) and sent by `attachment_id`, since Meta cannot reach this server's URLs.
 * A quoted message goes as `reply_to.mid`. Messenger has no captions: a file's text is sent
 * as a second message.
 */
export function createMessengerDriver(channel: "facebook" | "instagram", deps: DriverDeps): ChannelDriver {
  const pageOf = (account: MetaAccount) => account.pageId ?? account.accountId;

  async function post(account: MetaAccount, request: OutboundRequest, message: Record<string, unknown>): Promise<string> {
    const quoted = request.message.quoted?.providerId;
    const answer = await deps.graph.call<{ message_id?: unknown }>(`/${encodeURIComponent(pageOf(account))}/messages`, {
      token: account.token,
      body: { recipient: { id: request.to.number }, messaging_type: "RESPONSE", message, ...(quoted ? { reply_to: { mid: quoted } } : {}) },
    });
    return idFrom(answer.message_id, "message_id");
  }

  async function upload(account: MetaAccount, media: NonNullable<OutboundRequest["message"]["media"]>): Promise<{ type: string; id: string }> {
    const type = attachmentType(media.mimetype);
    const form = new FormData();
    if (channel === "instagram") form.set("platform", "instagram");
    form.set("message", JSON.stringify({ attachment: { type, payload: { is_reusable: true } } }));
    form.set("filedata", await fileOf(deps.storage, media), media.fileName);
    const answer = await deps.graph.call<{ attachment_id?: unknown }>(`/${encodeURIComponent(pageOf(account))}/message_attachments`, { token: account.token, body: form });
    return { type, id: idFrom(answer.attachment_id, "attachment_id") };
  }

  return metaDriver(channel, deps, async (account, request) => {
    const { media } = request.message;
    if (!media) return post(account, request, { text: textOf(request) });
    const attachment = await upload(account, media);
    const id = await post(account, request, { attachment: { type: attachment.type, payload: { attachment_id: attachment.id } } });
    const caption = request.message.body.trim();
    if (caption && caption !== media.fileName) await post(account, { ...request, message: { ...request.message, quoted: undefined } }, { text: caption });
    return id;
  });
}
