import { createHash } from "node:crypto";
import type { proto, WAMessage, WAMessageKey } from "@whiskeysockets/baileys";
import { and, eq } from "drizzle-orm";
import type { Vault } from "../../../../core/auth/vault.ts";
import type { Db } from "../../../../core/db/database.ts";
import type { Logger } from "../../../../core/log.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import type {} from "../../../channels/inbound.contract.ts";
import { whatsappPolls } from "../../schema/tables.ts";
import { loadBaileys } from "../boundary/load-baileys.ts";
import type { LiveSession } from "../session/session-registry.ts";
import { parseJid } from "./jid.ts";
import { notices } from "./notices.ts";

/** `user@server` without the device part: how WhatsApp binds a vote to people. */
const normalised = (jid: string | null | undefined): string | null => {
  const parsed = parseJid(jid);
  return parsed ? `${parsed.user}@${parsed.server}` : null;
};

/** Our own jid in the addressing the chat uses (lid chats sign with the account's lid). */
function meOf(session: LiveSession, key: WAMessageKey): string | null {
  const user = session.socket.user;
  const lidChat = (key.participant ?? key.remoteJid ?? "").endsWith("@lid");
  return normalised(lidChat && user?.lid ? user.lid : user?.id);
}

/** Who wrote a message: us, the group member, or the person of the chat. */
function authorOf(session: LiveSession, key: WAMessageKey): string | null {
  return key.fromMe ? meOf(session, key) : normalised(key.participant || key.remoteJid);
}

const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

/** The poll as the stored message shows it: the question, each option with its votes. */
export function pollBody(question: string, options: string[], votes: Record<string, string[]>): { body: string; counts: number[] } {
  const counts = options.map((o) => Object.values(votes).filter((chosen) => chosen.includes(o)).length);
  const lines = options.map((o, i) => `${i + 1}. ${o} — ${notices.votes(counts[i]!)}`);
  return { body: [`${notices.poll}: ${question}`, ...lines].join("\n"), counts };
}

/**
 * Poll votes. WhatsApp encrypts each vote with the poll's secret
 * (`messageContextInfo.messageSecret`), bound to the poll's creator and the voter, and
 * Baileys leaves decrypting to us: a poll's secret is kept when the poll is stored, each
 * vote is decrypted with Baileys' `decryptPollVote`, its options (SHA-256 of their names)
 * matched, and the stored poll message shows the counts (`tickets.providerRefreshed`).
 * A vote for a poll we never stored, or that does not decrypt, is logged and dropped.
 */
export class Polls {
  constructor(
    private db: Db,
    private vault: Vault,
    private services: Services,
    private log: Logger,
  ) {}

  /** After a poll was stored: keep what its votes need. */
  async remember(session: LiveSession, message: WAMessage, poll: { name: string; options: string[] }): Promise<void> {
    const secret = message.message?.messageContextInfo?.messageSecret;
    const creator = authorOf(session, message.key);
    if (!secret?.length || !creator || !message.key.id) return;
    await this.db
      .insert(whatsappPolls)
      .values({
        companyId: session.companyId,
        whatsappId: session.whatsappId,
        providerId: message.key.id,
        creatorJid: creator,
        secret: await this.vault.seal(new Uint8Array(secret)),
        question: poll.name,
        options: poll.options,
        votes: {},
      })
      .onConflictDoNothing();
  }

  /** A `pollUpdateMessage`: one person's (new) choice. */
  async vote(session: LiveSession, message: WAMessage, update: proto.Message.IPollUpdateMessage): Promise<void> {
    const pollId = update.pollCreationMessageKey?.id;
    const voter = authorOf(session, message.key);
    if (!pollId || !voter || !update.vote?.encPayload || !update.vote.encIv) return;
    const [poll] = await this.db
      .select()
      .from(whatsappPolls)
      .where(and(eq(whatsappPolls.whatsappId, session.whatsappId), eq(whatsappPolls.providerId, pollId)))
      .limit(1);
    if (!poll) {
      this.log.info(`whatsapp: a vote for poll ${pollId}, which was not stored here: ignored`);
      return;
    }
    let selected: Uint8Array[];
    try {
      const { decryptPollVote } = await loadBaileys();
      const decoded = decryptPollVote(update.vote, { pollCreatorJid: poll.creatorJid, pollMsgId: pollId, pollEncKey: await this.vault.open(poll.secret), voterJid: voter });
      selected = decoded.selectedOptions ?? [];
    } catch (err) {
      this.log.warn(`whatsapp: the vote of ${voter} on poll ${pollId} did not decrypt`, err);
      return;
    }
    const byHash = new Map(poll.options.map((o) => [sha256Hex(o), o]));
    const chosen = selected.map((h) => byHash.get(hex(h))).filter((o): o is string => !!o);
    // An empty choice is a vote taken back.
    const votes = { ...poll.votes, [voter]: chosen };
    if (!chosen.length) delete votes[voter];
    await this.db.update(whatsappPolls).set({ votes }).where(eq(whatsappPolls.id, poll.id));
    const { body, counts } = pollBody(poll.question, poll.options, votes);
    const data = { poll: { name: poll.question, options: poll.options, votes: counts, voters: Object.keys(votes).length } };
    await this.services.require("tickets.providerRefreshed")({ companyId: session.companyId, whatsappId: session.whatsappId, providerId: pollId }, body, data);
  }
}
