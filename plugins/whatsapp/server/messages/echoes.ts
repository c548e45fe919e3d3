import { BoundedMap } from "./bounded.ts";

type Kind = "send" | "edit" | "remove";

/**
 * What this process just did on WhatsApp. Baileys echoes our own sends, edits and
 * deletions back as `messages.upsert` (fromMe); the echo of a send can arrive before the
 * tickets plugin records the WhatsApp id of the message, and the echo of a deletion would
 * read as "deleted by the contact", so echoes of our own actions are recognised here.
 */
export class OwnEchoes {
  private seen = new BoundedMap<string, true>(20_000, 10 * 60_000);

  mark(whatsappId: number, kind: Kind, id: string): void {
    this.seen.set(`${whatsappId}:${kind}:${id}`, true);
  }

  has(whatsappId: number, kind: Kind, id: string): boolean {
    return this.seen.has(`${whatsappId}:${kind}:${id}`);
  }
}
