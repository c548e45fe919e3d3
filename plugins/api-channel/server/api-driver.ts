import type { ChannelDriver, OutboundRequest } from "../../channels/channel-driver.contract.ts";
import type { Deliveries } from "./deliveries.service.ts";
import { digest } from "./webhook-signer.ts";

/** The contact as the integrator addresses it: the full number, never masked. */
const contactOf = (to: OutboundRequest["to"]) => ({ number: to.number, name: to.name, isGroup: to.isGroup });

/**
 * The API channel's driver: each outbound message, edit and deletion becomes one signed
 * webhook to the connection's webhookUrl. A non-2xx answer or a timeout throws, so the
 * tickets plugin's durable `tickets.deliver` job retries with backoff; the receiver can
 * de-duplicate retries on `message.providerId` (also sent as the X-Webhook-Delivery key).
 */
export function createApiDriver(deliveries: Deliveries): ChannelDriver {
  return {
    channel: "api",

    async send(request) {
      const { message } = request;
      const payload = {
        event: "message.created",
        message: {
          id: message.id,
          providerId: message.providerId,
          kind: message.kind,
          body: message.body,
          mediaType: message.mediaType,
          // The server's public URL is not known here: the path, resolved against the server the integrator calls.
          mediaUrl: message.media?.url ?? null,
          mimetype: message.media?.mimetype ?? null,
          fileName: message.media?.fileName ?? null,
          // A recorded audio the integrator should deliver as a voice note (WhatsApp's push-to-talk).
          voiceNote: message.media?.voiceNote === true,
          quoted: message.quoted ?? null,
          vCard: message.vCard ?? null,
          data: message.data ?? null,
          createdAt: message.createdAt,
          fromMe: true,
        },
        ticket: request.ticket,
        contact: contactOf(request.to),
      };
      await deliveries.send(request.connection, payload, `message.created:${message.providerId}`);
      return { ack: 1 };
    },

    async edit(request) {
      const { message } = request;
      const payload = { event: "message.updated", message: { id: message.id, providerId: message.providerId, body: message.body, isEdited: true }, contact: contactOf(request.to) };
      await deliveries.send(request.connection, payload, `message.updated:${message.providerId}:${await digest(message.body)}`);
    },

    async remove(request) {
      const { message } = request;
      const payload = {
        event: "message.deleted",
        message: { id: message.id, providerId: message.providerId, fromMe: message.fromMe, isDeleted: true },
        contact: contactOf(request.to),
      };
      await deliveries.send(request.connection, payload, `message.deleted:${message.providerId}`);
    },
  };
}
