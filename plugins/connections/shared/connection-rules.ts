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
  sendQueue:
    "Foi informado tempo para redirecionar fila, porém não foi selecionada fila para redirecionar. Os dois campos precisam estar preenchidos",
} as const;

export interface OfficeHours {
  weekday: string;
  weekdayEn: string;
  startTimeA: string;
  endTimeA: string;
  startTimeB: string;
  endTimeB: string;
}

/** Monday first, as the product's home market reads the week. */
export const WEEKDAYS = [
  { weekday: "Segunda-feira", weekdayEn: "monday" },
  { weekday: "Terça-feira", weekdayEn: "tuesday" },
  { weekday: "Quarta-feira", weekdayEn: "wednesday" },
  { weekday: "Quinta-feira", weekdayEn: "thursday" },
  { weekday: "Sexta-feira", weekdayEn: "friday" },
  { weekday: "Sábado", weekdayEn: "saturday" },
  { weekday: "Domingo", weekdayEn: "sunday" },
] as const;
export const WEEKDAY_EN = WEEKDAYS.map((w) => w.weekdayEn) as unknown as readonly [string, ...string[]];

/** The spec's default office hours: 08:00-12:00 and 13:00-18:00 on all 7 days. */
export function defaultOfficeHours(): OfficeHours[] {
  return WEEKDAYS.map((w) => ({ ...w, startTimeA: "08:00", endTimeA: "12:00", startTimeB: "13:00", endTimeB: "18:00" }));
}

/** 00:00 to 23:59; an empty string means "no shift". */
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
