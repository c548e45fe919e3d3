import type { Channel, ConnectionStatus } from "../shared/connection-rules.ts";

/** Statuses that need someone's attention: the menu shows '!' (spec 001 §2 'Connections screen'). */
export const ATTENTION_STATUSES: readonly ConnectionStatus[] = ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"];

export const needsAttention = (c: { status: string }): boolean => (ATTENTION_STATUSES as readonly string[]).includes(c.status);

/** How long the 'preparing' button shows after a message import starts (spec 001 §9). */
export const IMPORT_PREPARING_MS = 35_000;

/** Channels that hold a phone session (QR code, pairing, disconnect). */
export const hasPhoneSession = (channel: Channel): boolean => channel === "whatsapp";

const pad = (n: number) => String(n).padStart(2, "0");

/** dd/MM/yy HH:mm in the browser's time zone (the connections tables' 'last update'). */
export function formatShortDateTime(value: string | null | undefined): string {
  if (!value) return "";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return "";
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${pad(d.getFullYear() % 100)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
