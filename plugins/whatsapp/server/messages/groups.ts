import type { LiveSession } from "../session/session-registry.ts";
import { BoundedMap } from "./bounded.ts";
import { parseJid } from "./jid.ts";

/** Group subjects change rarely; `groups.update` refreshes them sooner. */
const TTL_MS = 10 * 60_000;

/** Group names (subjects) by group jid, fetched once from WhatsApp and cached. */
export class GroupNames {
  private names = new BoundedMap<string, string>(10_000, TTL_MS);

  async subject(session: LiveSession, groupJid: string): Promise<string> {
    const key = `${session.whatsappId}:${groupJid}`;
    const hit = this.names.get(key);
    if (hit) return hit;
    try {
      const meta = await session.socket.groupMetadata(groupJid);
      const name = meta?.subject?.trim() || parseJid(groupJid)?.user || groupJid;
      this.names.set(key, name);
      return name;
    } catch {
      // Metadata is a nicety: the group is still a ticket, named by its id until WhatsApp answers.
      return parseJid(groupJid)?.user ?? groupJid;
    }
  }

  /** A subject change WhatsApp announced (`groups.update`). */
  renamed(whatsappId: number, groupJid: string, subject: string): void {
    if (subject.trim()) this.names.set(`${whatsappId}:${groupJid}`, subject.trim());
  }
}
