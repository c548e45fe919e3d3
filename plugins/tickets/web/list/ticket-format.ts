import { formatDate, formatTime, toDate } from "../../../../web/src/ui/index.ts";

/** Spec 000 §2: contact names are cut at 60 characters, last messages at 40. */
export const NAME_MAX = 60;
export const LAST_MESSAGE_MAX = 40;

/** `text` cut at `max` characters, with "..." when it was longer. */
export function cut(text: string | null | undefined, max: number): string {
  const value = (text ?? "").replace(/\s+/g, " ").trim();
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

/** A list item's time: HH:mm for today, else DD/MM/YYYY (spec 000 §9 formats). */
export function listTime(value: string | null | undefined, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return "";
  const today = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return today ? formatTime(d) : formatDate(d);
}

const RATING_EMOJI = ["😡", "🙁", "😐", "🙂", "😍"] as const;

/** The emoji of a customer rating 1..5; null for no (or an out-of-range) rating. */
export function ratingEmoji(rate: number | null | undefined): string | null {
  if (typeof rate !== "number" || !Number.isInteger(rate) || rate < 1 || rate > 5) return null;
  return RATING_EMOJI[rate - 1]!;
}
