import type { WAMessage } from "@whiskeysockets/baileys";
import type { Logger } from "../../../../core/log.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import type { InboundMessage, ReceiveResult } from "../../../channels/inbound.contract.ts";
import type { ContactPictures } from "./contact-pictures.ts";
import type { Polls } from "./polls.ts";
import type { LiveSession } from "../session/session-registry.ts";
import { BoundedMap } from "./bounded.ts";
import type { OwnEchoes } from "./echoes.ts";
import type { GroupNames } from "./groups.ts";
import { participantNumber, personNumber } from "./identity.ts";
import { type MappedPart, mapMessage } from "./inbound-mapper.ts";
import { isGroupJid, isIgnoredChat, parseJid } from "./jid.ts";
import type { LidMap } from "./lid-map.ts";
import type { MediaFetcher } from "./media.ts";
import type { ReadReceipts } from "./read-receipts.ts";
import { unwrap } from "./unwrap.ts";
import { millisOf } from "./wa-constants.ts";

/** A live message older than this was delivered late (phone offline): it keeps WhatsApp's time. */
const LATE_MS = 60_000;

export interface StoreOptions {
  /** Whether group chats are stored (the connection's groupAsTicket, or importOldMessagesGroups). */
  groups: boolean;
  /** A history import: WhatsApp's timestamp always, no read-receipt bookkeeping. */
  history?: boolean;
  /** The queue new tickets start in (a history import's queueIdImportMessages). */
  queueId?: number | null;
}

export interface InboundDeps {
  services: Services;
  log: Logger;
  lids: LidMap;
  groups: GroupNames;
  media: MediaFetcher;
  echoes: OwnEchoes;
  receipts: ReadReceipts;
  /** Fetches a new customer's profile picture in the background (absent in some test doubles). */
  pictures?: ContactPictures;
  /** Keeps polls' secrets and counts their votes (absent in some test doubles). */
  polls?: Polls;
}

/**
 * Inbound WhatsApp messages into tickets: one WAMessage is mapped (inbound-mapper.ts),
 * its sender resolved (lid → number, groups), its media downloaded, and each part handed
 * to `tickets.receive`, which is idempotent per WhatsApp id (a message delivered twice —
 * a reconnect, a retry, the history — is stored once). Edits and revokes go to
 * `tickets.providerEdited` / `tickets.providerDeleted`.
 */
export class InboundPipeline {
  /** The latest reaction of one person to one message: WhatsApp keeps one, so a new one replaces it. */
  private reactions = new BoundedMap<string, string>(20_000);
  /** Edits and revokes already applied (WhatsApp reports each twice). */
  private changes = new BoundedMap<string, true>(20_000, 10 * 60_000);

  constructor(private deps: InboundDeps) {}

  async store(session: LiveSession, message: WAMessage, options: StoreOptions): Promise<ReceiveResult[]> {
    const key = message.key;
    const chat = key?.remoteJid;
    if (!key?.id || !chat || isIgnoredChat(chat) || !message.message) return [];
    const isGroup = isGroupJid(chat);
    if (isGroup && !options.groups) return [];
    const ref = { companyId: session.companyId, whatsappId: session.whatsappId };
    const fromMe = !!key.fromMe;
    const vote = unwrap(message.message)?.pollUpdateMessage;
    if (vote) {
      await this.deps.polls?.vote(session, message, vote);
      return [];
    }
    const mapped = mapMessage(message);

    switch (mapped.kind) {
      case "ignore":
        return [];
      case "revoke":
        if (!options.history) await this.revoked(session, mapped.targetId, fromMe);
        return [];
      case "edit":
        if (!options.history) await this.edited(session, mapped.targetId, mapped.body, fromMe);
        return [];
    }
    // The echo of a message this process sent: the tickets plugin stores it under this id itself.
    if (fromMe && this.deps.echoes.has(session.whatsappId, "send", key.id)) return [];

    const from = await this.sender(session, message, isGroup);
    const participant = isGroup && !fromMe ? await participantNumber(this.deps.lids, session.companyId, key) : undefined;
    const sent = millisOf(message.messageTimestamp);
    const timestamp = sent && (options.history || Date.now() - sent > LATE_MS) ? sent : undefined;
    const results: ReceiveResult[] = [];
    for (const part of mapped.parts) {
      const input: InboundMessage = {
        ...ref,
        providerId: `${key.id}${part.idSuffix}`,
        from,
        fromMe,
        body: part.body,
        ...(part.mediaType ? { mediaType: part.mediaType } : {}),
        ...(part.quotedProviderId ? { quotedProviderId: part.quotedProviderId } : {}),
        ...(participant ? { participant } : {}),
        ...(timestamp ? { timestamp } : {}),
        ...(part.data ? { data: part.data } : {}),
        ...(options.queueId ? { queueId: options.queueId } : {}),
      };
      await this.withMedia(session, message, part, input);
      if (part.reaction) await this.replaceReaction(session, `${part.reaction.targetId}:${participant ?? from.number}:${fromMe}`, input.providerId);
      const result = await this.deps.services.require("tickets.receive")(input);
      results.push(result);
      const poll = (part.data as { poll?: { name: string; options: string[] } } | undefined)?.poll;
      if (poll && !result.duplicate) await this.deps.polls?.remember(session, message, poll);
      if (!fromMe && !options.history) this.deps.receipts.remember(session.whatsappId, result.contact.id, key);
      if (!fromMe && !options.history && !isGroup) void this.deps.pictures?.maybeFetch(session, result.contact, chat);
    }
    return results;
  }

  /**
   * A message deleted for everybody. WhatsApp reports it twice (the protocol message in
   * `messages.upsert` and a `messages.update`): applied once. Our own deletion echoed back
   * is already recorded as deleted by the attendant.
   */
  async revoked(session: LiveSession, targetId: string, fromMe: boolean): Promise<void> {
    if (fromMe && this.deps.echoes.has(session.whatsappId, "remove", targetId)) return;
    const once = `${session.whatsappId}:revoke:${targetId}`;
    await this.once(once, () => this.deps.services.require("tickets.providerDeleted")({ companyId: session.companyId, whatsappId: session.whatsappId, providerId: targetId }));
  }

  /** A message edited by its author (reported twice like revokes; our own edits are skipped). */
  async edited(session: LiveSession, targetId: string, body: string, fromMe: boolean): Promise<void> {
    const text = body.trim();
    if (!text || (fromMe && this.deps.echoes.has(session.whatsappId, "edit", targetId))) return;
    const once = `${session.whatsappId}:edit:${targetId}:${text}`;
    await this.once(once, () => this.deps.services.require("tickets.providerEdited")({ companyId: session.companyId, whatsappId: session.whatsappId, providerId: targetId }, text));
  }

  /**
   * Applies a change unless the same one is applied or being applied; a change about a
   * message we do not know (yet) is forgotten so a later report may still apply it.
   */
  private async once(key: string, apply: () => Promise<boolean>): Promise<void> {
    if (this.changes.has(key)) return;
    this.changes.set(key, true);
    let known = false;
    try {
      known = await apply();
    } finally {
      if (!known) this.changes.delete(key);
    }
  }

  /** Who the conversation is with: the group (named by its subject) or the person (pushName, lid resolved). */
  private async sender(session: LiveSession, message: WAMessage, isGroup: boolean): Promise<InboundMessage["from"]> {
    const chat = message.key.remoteJid!;
    if (isGroup) return { number: parseJid(chat)!.user, name: await this.deps.groups.subject(session, chat), isGroup: true };
    const number = await personNumber(this.deps.lids, session.companyId, chat, message.key.remoteJidAlt);
    // The owner's own pushName must not rename the customer.
    const name = !message.key.fromMe ? message.pushName?.trim() || undefined : undefined;
    return { number, ...(name ? { name } : {}), isGroup: false };
  }

  /** Downloads the part's media into the input, or turns it into an explanatory text (never loses the message). */
  private async withMedia(session: LiveSession, message: WAMessage, part: MappedPart, input: InboundMessage): Promise<void> {
    if (!part.media) return;
    const fetched = await this.deps.media.fetch(message, session.socket, part.media);
    const meta = { mimetype: part.media.mimetype, fileName: part.media.fileName, ...part.data };
    if (fetched.ok) {
      input.media = fetched.media;
      input.data = meta;
      return;
    }
    input.body = [fetched.body, part.body].filter(Boolean).join("\n");
    input.mediaType = mediaTypeOf(part.media.mimetype);
    input.data = { ...meta, fileLength: part.media.fileLength ?? null, error: fetched.error };
  }

  /** WhatsApp keeps one reaction per person and message: the previous one is taken down. */
  private async replaceReaction(session: LiveSession, who: string, providerId: string): Promise<void> {
    const key = `${session.whatsappId}:${who}`;
    const previous = this.reactions.get(key);
    this.reactions.set(key, providerId);
    if (previous && previous !== providerId)
      await this.deps.services.require("tickets.providerDeleted")({ companyId: session.companyId, whatsappId: session.whatsappId, providerId: previous });
  }
}

/** The stored media type of a file that could not be fetched (what the tickets plugin derives from a file). */
function mediaTypeOf(mimetype: string): string {
  const kind = mimetype.split("/")[0]?.toLowerCase();
  return kind === "image" || kind === "audio" || kind === "video" ? kind : "application";
}
