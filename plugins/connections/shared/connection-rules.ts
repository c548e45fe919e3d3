/**
 * Constants shared by the server and (later) the web dialog: spec 001 §3 'Connection',
 * §4 'Connection status', §9 (token length, defaults).
 */

export const CHANNELS = ["whatsapp", "whatsappapi", "facebook", "instagram", "api"] as const;
export type Channel = (typeof CHANNELS)[number];

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
