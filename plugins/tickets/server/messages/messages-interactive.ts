import { z } from "@hono/zod-openapi";
import { AppError } from "../../../../core/errors.ts";

/**
 * Interactive messages of the composer's buttons dialog (spec 000 §7, §9): Lista, Copia,
 * Me Ligue, URL and PIX. Each payload is validated here and turned into what is stored:
 * a readable body (what the ticket list and channels without buttons show), the media
 * type (listMessage or interactiveMessage) and the structure kept in dataJson for the
 * web's cards and the channel drivers.
 */

const short = (max: number) => z.string().trim().max(max, "Too Long!");
const optText = (max: number) => short(max).optional().default("");
/** Image shown on top of a card: an https address or a file of the company's storage. */
const image = z
  .string()
  .trim()
  .max(2000, "Too Long!")
  .regex(/^(|https?:\/\/\S+|\/public\/[A-Za-z0-9_/-]+\.[A-Za-z0-9]{1,8})$/, "Invalid image")
  .optional()
  .default("");

const ListRow = z.object({
  id: short(200).optional(),
  title: short(24 * 10).min(1, "Required"),
  description: optText(720),
});
const ListSection = z.object({ title: optText(240), rows: z.array(ListRow).min(1, "Required").max(10, "Too Long!") });

export const ListPayload = z
  .object({
    title: short(240).min(1, "Required"),
    text: optText(4096),
    description: optText(1024),
    buttonText: short(40).min(1, "Required"),
    sections: z.array(ListSection).min(1, "Required").max(10, "Too Long!"),
  })
  .openapi("ListMessageInput");

export const CopyPayload = z
  .object({ title: optText(240), text: optText(4096), description: optText(1024), buttonText: optText(40), copyText: short(2000).min(1, "Required"), image })
  .openapi("CopyMessageInput");

export const CallPayload = z
  .object({
    title: optText(240),
    text: optText(4096),
    buttonText: optText(40),
    copyText: z
      .string()
      .trim()
      .regex(/^\+?[\d\s().-]{8,20}$/, "Invalid number")
      .openapi({ description: "The phone number the button calls" }),
    image,
  })
  .openapi("CallMessageInput");

export const UrlPayload = z
  .object({
    title: optText(240),
    text: optText(4096),
    buttonText: optText(40),
    copyText: z
      .string()
      .trim()
      .max(2000, "Too Long!")
      .regex(/^https?:\/\/\S+$/, "Invalid URL")
      .openapi({ description: "The address the button opens" }),
    image,
  })
  .openapi("UrlMessageInput");

export const PIX_KEY_TYPES = ["CNPJ", "CPF", "PHONE", "EMAIL", "EVP"] as const;
export const PixPayload = z
  .object({
    title: optText(240),
    text: optText(4096),
    sendvalue: z.coerce
      .number({ message: "Required" })
      .int("Must be an amount in cents")
      .positive("Must be greater than 0")
      .max(100_000_000_00, "Too Long!")
      .openapi({ description: "Amount in cents (BRL)" }),
    sendkey_type: z.enum(PIX_KEY_TYPES, `Must be one of ${PIX_KEY_TYPES.join(", ")}`),
    sendmerchant_name: short(25).min(1, "Required"),
    sendKey: short(120).min(1, "Required"),
  })
  .openapi("PixMessageInput");

export interface Interactive {
  body: string;
  mediaType: "listMessage" | "interactiveMessage";
  data: Record<string, unknown>;
}

const lines = (...parts: string[]) => parts.filter((p) => p.trim()).join("\n");

/** Amount in cents as the customer reads it: R$ 1.234,56. */
export function formatBrl(cents: number): string {
  const [int, dec] = (cents / 100).toFixed(2).split(".") as [string, string];
  return `R$ ${int.replace(/\B(?=(\d{3})+(?!\d))/g, ".")},${dec}`;
}

/** The PIX key in its canonical form; PHONE keys get +55 when no country code is written (spec 000 §5). */
export function normalisePixKey(type: (typeof PIX_KEY_TYPES)[number], raw: string): string {
  const key = raw.trim();
  const digits = key.replace(/\D/g, "");
  const bad = () => new AppError("ERR_VALIDATION", { fields: { sendKey: "Invalid key" } });
  switch (type) {
    case "CPF":
      if (digits.length !== 11) throw bad();
      return digits;
    case "CNPJ":
      if (digits.length !== 14) throw bad();
      return digits;
    case "PHONE":
      if (!/^\+?[\d\s().-]+$/.test(key) || digits.length < 10 || digits.length > 13) throw bad();
      if (key.startsWith("+")) return `+${digits}`;
      return digits.startsWith("55") && digits.length >= 12 ? `+${digits}` : `+55${digits}`;
    case "EMAIL":
      if (!z.email().safeParse(key).success) throw bad();
      return key.toLowerCase();
    case "EVP":
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key)) throw bad();
      return key.toLowerCase();
  }
}

export function listMessage(p: z.output<typeof ListPayload>): Interactive {
  return { body: lines(p.title, p.text, p.description), mediaType: "listMessage", data: { kind: "list", ...p } };
}

export function copyMessage(p: z.output<typeof CopyPayload>): Interactive {
  const button = { type: "cta_copy", text: p.buttonText || "Copiar", copyText: p.copyText };
  return {
    body: lines(p.title, p.text || p.description, p.copyText),
    mediaType: "interactiveMessage",
    data: { kind: "copy", title: p.title, text: p.text || p.description, image: p.image, buttons: [button] },
  };
}

export function callMessage(p: z.output<typeof CallPayload>): Interactive {
  const phone = p.copyText.replace(/[^\d+]/g, "");
  const button = { type: "cta_call", text: p.buttonText || "Me ligue", phoneNumber: phone };
  return { body: lines(p.title, p.text, phone), mediaType: "interactiveMessage", data: { kind: "call", title: p.title, text: p.text, image: p.image, buttons: [button] } };
}

/** The URL card falls back to default texts when its fields are empty (spec 000 §5). */
export function urlMessage(p: z.output<typeof UrlPayload>): Interactive {
  const text = p.text || "Acesse o link abaixo";
  const button = { type: "cta_url", text: p.buttonText || "Abrir link", url: p.copyText };
  return { body: lines(p.title, text, p.copyText), mediaType: "interactiveMessage", data: { kind: "url", title: p.title, text, image: p.image, buttons: [button] } };
}

export function pixMessage(p: z.output<typeof PixPayload>): Interactive {
  const key = normalisePixKey(p.sendkey_type, p.sendKey);
  const amount = formatBrl(p.sendvalue);
  const pix = { amount: p.sendvalue, currency: "BRL", keyType: p.sendkey_type, key, merchantName: p.sendmerchant_name };
  const button = { type: "cta_copy", text: "Copiar chave PIX", copyText: key };
  return {
    body: lines(p.title, p.text, `PIX: ${amount}`, `Chave (${p.sendkey_type}): ${key}`, p.sendmerchant_name),
    mediaType: "interactiveMessage",
    data: { kind: "pix", title: p.title, text: p.text, pix, buttons: [button] },
  };
}
