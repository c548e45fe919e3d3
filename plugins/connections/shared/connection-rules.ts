/**
 * Constants shared by the server and (later) the web dialog: spec 001 §3 'Connection',
 * §4 'Connection status', §9 (token length, defaults).
 */

export const CHANNELS = ["whatsapp", "whatsappapi", "facebook", "instagram", "api"] as const;
export type Channel = (typeof CHANNELS)[number];

/** The channels the spec's clients know (spec 000 §3 Ticket: facebook, whatsapp, whatsappapi, instagram). */
export const SPEC_CHANNELS = ["whatsapp", "whatsappapi", "facebook", "instagram"] as const;
export type SpecChannel = (typeof SPEC_CHANNELS)[number];

/**
 * The `channel` connections and tickets answer (issue 32). The original clients know only the
 * spec's channels (their kanban breaks on another value, their pickers show "error"), so the
 * API channel, this product's own, answers as `whatsapp`: the closest in the spec's list (a
 * conversation with a number; the ticket list's WhatsApp icon). The driver that really carries
 * it travels beside it as `channelKind` (`api` there), which this product's web reads wherever
 * channels differ. Requests keep naming the driver (`POST /whatsapp { channel: "api" }`,
 * `GET /whatsapp/filter?channel=api`).
 */
export function specChannel(channel: string): SpecChannel {
  return (SPEC_CHANNELS as readonly string[]).includes(channel) ? (channel as SpecChannel) : "whatsapp";
}

/** A connection (or anything naming its driver as `channel`) as answered: the spec's `channel`, the driver as `channelKind`. */
export function withSpecChannel<T extends { channel: Channel }>(v: T): Omit<T, "channel"> & { channel: SpecChannel; channelKind: Channel } {
  return { ...v, channel: specChannel(v.channel), channelKind: v.channel };
}

export const STATUSES = ["qrcode", "DISCONNECTED", "OPENING", "CONNECTED", "PAIRING", "TIMEOUT"] as const;
export type ConnectionStatus = (typeof STATUSES)[number];

/**
 * The plan flag each channel needs. The external API channel is the product's
 * external-API feature, so it follows useExternalApi.
 */
export const CHANNEL_PLAN_FLAG = {
  whatsapp: "useWhatsapp",
  whatsappapi: "useWhatsapp",
  facebook: "useFacebook",
  instagram: "useInstagram",
  api: "useExternalApi",
} as const satisfies Record<Channel, string>;

export const TOKEN_LENGTH = 30;
export const TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const NAME_MIN = 2;
export const NAME_MAX = 50;

/** The spec's Portuguese form messages (spec 001 §5 'Connection form'). */
export const MESSAGES = {
  npsTime: "É obrigado informar um tempo para avaliação quando se utiliza o NPS.",
  npsMessage: "É obrigado informar uma mensagem de avaliação quando se utiliza o NPS.",
  sendQueue: "Foi informado tempo para redirecionar fila, porém não foi selecionada fila para redirecionar. Os dois campos precisam estar preenchidos",
} as const;

/** A connection's office hours are the office-hours plugin's week. */
export { defaultOfficeHours, type OfficeHours } from "../../office-hours/office-hours.contract.ts";

/** Webhook and privacy links: http(s) URLs only. */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}
