/**
 * The content node (`singleBlock {seq, elements}`, spec 002 §3 Content element) as the dialog's
 * cards and back. Elements are numbered per type in card order (message1, interval1, img1, …)
 * and `seq` lists the numbers in order, as the original product stored them.
 */
import type { ContentCard } from "./node-validation.ts";

type Data = Record<string, unknown>;
const CARD_TYPES = ["message", "interval", "img", "audio", "video"] as const;
const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

let counter = 0;
/** A key for React lists (cards have no stable id before they are saved). */
export const cardKey = () => `card-${Date.now().toString(36)}-${++counter}`;

export function newCard(type: ContentCard["type"]): ContentCard {
  return { key: cardKey(), type, value: type === "interval" ? "1" : "", original: "", record: true };
}

/** The stored elements in `seq` order as cards (unknown element types are dropped). */
export function cardsOf(data: Data): ContentCard[] {
  const elements = (Array.isArray(data.elements) ? data.elements : []).filter((e): e is Data => !!e && typeof e === "object");
  const seq = Array.isArray(data.seq) ? data.seq.map(str) : [];
  const ordered = [...seq.flatMap((n) => elements.filter((e) => str(e.number) === n).slice(0, 1)), ...elements.filter((e) => !seq.includes(str(e.number)))];
  return ordered
    .filter((e) => (CARD_TYPES as readonly string[]).includes(str(e.type)))
    .map((e) => ({
      key: cardKey(),
      type: str(e.type) as ContentCard["type"],
      value: str(e.value),
      original: str(e.original),
      record: e.record !== false && e.record !== "false",
    }));
}

/** The cards (their files already uploaded: `value` is the stored name) as `{seq, elements}`. */
export function contentData(cards: readonly ContentCard[]): { seq: string[]; elements: Data[] } {
  const counts: Record<string, number> = {};
  const elements = cards.map((c) => {
    counts[c.type] = (counts[c.type] ?? 0) + 1;
    const number = `${c.type}${counts[c.type]}`;
    const base: Data = { number, type: c.type, value: c.type === "message" ? c.value : c.value.trim() };
    if (c.type === "img" || c.type === "audio" || c.type === "video") base.original = c.original;
    if (c.type === "audio") base.record = c.record;
    return base;
  });
  return { seq: elements.map((e) => String(e.number)), elements };
}
