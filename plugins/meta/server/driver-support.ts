import type { Logger } from "../../../core/log.ts";
import type { Storage } from "../../../core/storage/storage.ts";
import type { ChannelDriver, OutboundRequest, OutboundResult, ReplyWindowRequest } from "../../channels/channel-driver.contract.ts";
import type { Accounts, MetaAccount } from "./accounts.ts";
import type { ConversationLog } from "./conversation-log.ts";
import { GraphError, type GraphClient } from "./graph-client.ts";

/** What every Meta driver needs. */
export interface DriverDeps {
  accounts: Accounts;
  graph: GraphClient;
  storage: Storage;
  log: ConversationLog;
  logger: Logger;
}

/** A stored file as a Blob for a multipart upload. */
export async function fileOf(storage: Storage, media: NonNullable<OutboundRequest["message"]["media"]>): Promise<Blob> {
  const file = await storage.read(media.path);
  // The file is gone from our storage: sending again will not bring it back.
  if (!file) throw new GraphError(404, null, null, `stored file ${media.path} not found`);
  return new Blob([file.body as Uint8Array<ArrayBuffer>], { type: media.mimetype });
}

/** What the tickets plugin shows when a message is a contact card or an interactive one: plain text here. */
export function textOf(request: OutboundRequest): string {
  const { message } = request;
  if (message.kind === "contact" && message.vCard) return `${message.vCard.name}: +${message.vCard.number}`;
  return message.body;
}

/**
 * The parts every Meta driver shares: the account lookup, the 24-hour window, the error
 * policy and the recording of sent ids.
 *
 * Errors: a transient failure (network, 5xx, throttling) throws, so the durable
 * `tickets.deliver` job retries with backoff. A permanent one (a 4xx other than
 * throttling: closed window, blocked user, bad token, file gone, no linked account) is
 * logged and answered `{ ack: 0 }`: the job ends, the message stays unsent (clock icon)
 * instead of being retried for hours against the same refusal.
 *
 * Edits and deletions: Meta's send APIs offer neither for business messages, so `edit`
 * and `remove` change nothing at Meta and only log (the tickets plugin keeps its own
 * edited/deleted state); they resolve so the jobs do not retry forever.
 */
export function metaDriver(channel: string, deps: DriverDeps, deliver: (account: MetaAccount, request: OutboundRequest) => Promise<string>): ChannelDriver {
  return {
    channel,

    async send(request): Promise<OutboundResult> {
      try {
        const account = await deps.accounts.ofConnection(request.companyId, request.connection.id);
        if (!account) throw new GraphError(404, null, null, `connection ${request.connection.id} is not linked to a Meta account`);
        const providerId = await deliver(account, request);
        await deps.log.sent({ companyId: request.companyId, whatsappId: request.connection.id, number: request.to.number }, providerId);
        return { providerId, ack: 1 };
      } catch (err) {
        if (err instanceof GraphError && err.permanent) {
          deps.logger.error(`meta: message ${request.message.id} on ${channel} connection ${request.connection.id} not sent (not retried): ${err.message}`);
          return { ack: 0 };
        }
        throw err;
      }
    },

    // Meta's Send API cannot change a sent message: the tickets plugin refuses such edits
    // and deletions (ERR_CHANNEL_UNSUPPORTED) before they are queued, so these never run for one.
    canEditSent: false,

    async edit(request) {
      deps.logger.warn(`meta: ${channel} cannot edit sent messages; message ${request.message.id} was not changed at Meta`);
    },

    async remove(request) {
      deps.logger.warn(`meta: ${channel} cannot delete sent messages; message ${request.message.id} was not deleted at Meta`);
    },

    async replyWindow(request: ReplyWindowRequest) {
      return deps.log.window({ companyId: request.companyId, whatsappId: request.connection.id, number: request.to.number });
    },
  };
}

/** A Graph answer's id field, or a clear error when Meta answered without one. */
export function idFrom(value: unknown, what: string): string {
  if (typeof value === "string" && value) return value;
  throw new GraphError(502, null, null, `Graph API answered no ${what}`);
}
