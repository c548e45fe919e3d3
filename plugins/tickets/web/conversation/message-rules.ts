import type { MessageView, TicketView } from "../../shared/ticket-types.ts";
import { formatDate, toDate } from "../../../../web/src/ui/format-date.ts";

/** Spec 000 §9: an own message may be edited for 900000 ms (15 minutes). */
export const EDIT_WINDOW_MS = 900_000;
/** Spec 000 §4/§9: a recording smaller than this is discarded silently. */
export const MIN_AUDIO_BYTES = 10_000;
/** Spec 000 §9: pause between two forwarded messages. */
export const FORWARD_DELAY_MS = 900;
/** Spec 000 §9: older messages load when scrolled this close to the top. */
export const LOAD_OLDER_MARGIN_PX = 50;
/** Spec 000 §9: audio playback speeds, cycled. */
export const PLAYBACK_SPEEDS = [0.5, 1, 1.5, 2] as const;
/** Spec 000 §9: the signature preference's localStorage key. */
export const SIGN_STORAGE_KEY = "sendSignMessage";
export const AUDIO_SPEED_STORAGE_KEY = "audioPlaybackRate";
/** Spec 000 §9: minimum typed characters before a contact search. */
export const MIN_CONTACT_SEARCH = 3;

const TEXT_TYPES = new Set(["chat", "conversation", "extendedTextMessage", ""]);

/** Whether the message is plain text (editable, no media block). */
export const isText = (m: Pick<MessageView, "mediaType">) => TEXT_TYPES.has(m.mediaType ?? "");

/** Meta's channels cannot change a message once sent: its edits and deletions are refused (ERR_CHANNEL_UNSUPPORTED). */
const FIXED_ONCE_SENT = new Set(["facebook", "instagram", "whatsappapi"]);
const changeable = (m: Pick<MessageView, "isPrivate">, channel?: string) => m.isPrivate || !channel || !FIXED_ONCE_SENT.has(channel);

/** Edit: own text messages only, within 15 minutes of creation (spec 000 §4), on channels that can edit. */
export function canEdit(m: MessageView, now: number = Date.now(), channel?: string): boolean {
  if (!m.fromMe || m.isDeleted || !isText(m) || !changeable(m, channel)) return false;
  const created = Date.parse(m.createdAt);
  return Number.isFinite(created) && now - created <= EDIT_WINDOW_MS;
}

/** Only own messages can be deleted (spec 000 §4), on channels that can delete. */
export const canDelete = (m: MessageView, channel?: string) => m.fromMe && !m.isDeleted && changeable(m, channel);

/** Transcription applies to received audio only (spec 000 §5). */
export const canTranscribe = (m: MessageView) => !m.fromMe && !m.isDeleted && m.mediaType === "audio" && !!m.mediaUrl;

/** The composer is active only for open and group tickets (spec 000 §4). */
export const canWrite = (ticket: Pick<TicketView, "status">) => ticket.status === "open" || ticket.status === "group";

const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Facebook, Instagram and the WhatsApp Cloud API answer only within 24 hours of the customer's last message (spec 000 §8). */
export const hasReplyWindow = (ticket: Pick<TicketView, "channel">) => ticket.channel === "facebook" || ticket.channel === "instagram" || ticket.channel === "whatsappapi";

/**
 * When the reply window closes, from the customer's newest loaded message; null when no
 * customer message is loaded (then the server still enforces it: ERR_REPLY_WINDOW_CLOSED).
 */
export function replyWindowClosesAt(messages: readonly Pick<MessageView, "fromMe" | "isPrivate" | "createdAt">[]): Date | null {
  let newest: number | null = null;
  for (const m of messages) {
    if (m.fromMe || m.isPrivate) continue;
    const at = toDate(m.createdAt)?.getTime();
    if (at !== undefined && (newest === null || at > newest)) newest = at;
  }
  return newest === null ? null : new Date(newest + REPLY_WINDOW_MS);
}

/** Whether a recording is long enough to send; shorter ones are dropped without a word. */
export const keepRecording = (size: number) => size >= MIN_AUDIO_BYTES;

/** The WhatsApp channels (Baileys, the official API …) take .mp3; the others .m4a (spec 000 §9). */
export const isWhatsappFamily = (channel: string) => channel.toLowerCase().startsWith("whatsapp");

export function audioFileName(channel: string, now: number = Date.now()): string {
  return `audio-${now}.${isWhatsappFamily(channel) ? "mp3" : "m4a"}`;
}

/** Spaces in attachment names become underscores (spec 000 §5). */
export function safeFileName(name: string): string {
  return name.trim().replace(/\s+/g, "_") || "file";
}

/**
 * The file name GET /messages/transcribeAudio/{file} expects: the last path segment of an
 * .ogg media URL; null for anything else ('unexpected audio URL format').
 */
export function transcriptionFile(mediaUrl: string | null): string | null {
  if (!mediaUrl) return null;
  const path = mediaUrl.split(/[?#]/)[0] ?? "";
  const file = path.split("/").pop() ?? "";
  return /\.ogg$/i.test(file) ? decodeURIComponent(file) : null;
}

/** The next playback speed after `current` (0.5 → 1 → 1.5 → 2 → 0.5). */
export function nextSpeed(current: number): number {
  const i = PLAYBACK_SPEEDS.indexOf(current as (typeof PLAYBACK_SPEEDS)[number]);
  return PLAYBACK_SPEEDS[(i + 1) % PLAYBACK_SPEEDS.length] ?? 1;
}

/** The local calendar day of a timestamp, as a grouping key. */
export const dayKey = (iso: string) => formatDate(iso);

/** A day separator: DD/MM/YYYY, or the "today" label (spec: 'HOJE'). */
export function dayLabel(iso: string, today: string, now: Date = new Date()): string {
  const d = toDate(iso);
  if (!d) return "";
  return formatDate(d) === formatDate(now) ? today : formatDate(d);
}

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** Amounts in cents shown as BRL (spec 000 §2), e.g. 12345 → "R$ 123,45". */
export function formatCents(cents: unknown): string {
  const n = typeof cents === "string" ? Number(cents) : typeof cents === "number" ? cents : Number.NaN;
  return Number.isFinite(n) ? brl.format(n / 100) : "";
}

/** dataJson parsed; null when absent or not JSON (parse errors are only logged, spec 000 §8). */
export function parseData(m: Pick<MessageView, "dataJson">): Record<string, unknown> | null {
  if (!m.dataJson) return null;
  try {
    const v = JSON.parse(m.dataJson) as unknown;
    return v && typeof v === "object" ? (v as Record<string, unknown>) : null;
  } catch (err) {
    console.warn("message dataJson is not JSON", err);
    return null;
  }
}
