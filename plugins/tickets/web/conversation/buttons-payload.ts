import type { InteractiveKind, InteractivePayload, InteractivePayloads } from "../messages-api.ts";

/** The buttons dialog's kinds in the spec's order and wording: Lista, URL, Copia, Me Ligue, PIX. */
export const BUTTON_KINDS: { kind: InteractiveKind; label: string }[] = [
  { kind: "lista", label: "Lista" },
  { kind: "URL", label: "URL" },
  { kind: "copy", label: "Copia" },
  { kind: "call", label: "Me Ligue" },
  { kind: "PIX", label: "PIX" },
];

/** The server's PIX key types (its schema's enum; the list is repeated for the select, and checked against it). */
export type PixKeyType = InteractivePayloads["PIX"]["sendkey_type"];
export const PIX_KEY_TYPES = ["CNPJ", "CPF", "PHONE", "EMAIL", "EVP"] as const satisfies readonly PixKeyType[];

export interface ListRow {
  title: string;
  description: string;
}

export interface ButtonsForm {
  title: string;
  text: string;
  buttonText: string;
  /** Lista: the section title and its rows. */
  sectionTitle: string;
  rows: ListRow[];
  url: string;
  copyText: string;
  phoneNumber: string;
  /** PIX */
  merchantName: string;
  keyType: PixKeyType;
  pixKey: string;
  /** The amount as typed in reais ("123,45"); sent in cents. */
  amount: string;
}

export const emptyButtonsForm: ButtonsForm = {
  title: "",
  text: "",
  buttonText: "",
  sectionTitle: "",
  rows: [{ title: "", description: "" }],
  url: "",
  copyText: "",
  phoneNumber: "",
  merchantName: "",
  keyType: "CPF",
  pixKey: "",
  amount: "",
};

/** The texts a URL card falls back to when its fields are left empty (spec 000 §5). */
export interface UrlDefaults {
  title: string;
  text: string;
  buttonText: string;
}

export type BuildResult = { ok: true; payload: InteractivePayload } | { ok: false; error: string };

/** Ticket ids travel in the path and must be numeric ('invalid ticket ID', spec 000 §5). */
export const isNumericId = (id: unknown) => /^\d+$/.test(String(id ?? ""));

/** PIX PHONE keys get the +55 country code when it is missing (spec 000 §5). */
export function pixPhoneKey(key: string): string {
  const digits = key.replace(/\D/g, "");
  if (!digits) return "";
  if (key.trim().startsWith("+")) return `+${digits}`;
  return digits.startsWith("55") && digits.length >= 12 ? `+${digits}` : `+55${digits}`;
}

/** "1.234,56" or "1234.56" reais → 123456 cents; NaN when it is not an amount. */
export function toCents(amount: string): number {
  const clean = amount.trim().replace(/[^\d,.-]/g, "");
  if (!clean) return Number.NaN;
  const normalised = clean.includes(",") ? clean.replace(/\./g, "").replace(",", ".") : clean;
  const value = Number(normalised);
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : Number.NaN;
}

/**
 * The payload of POST /messages/{kind}/{ticketId} from the dialog's form, or the key of
 * the message explaining what is missing (under conversation.buttons.errors).
 */
export function buildInteractive(kind: InteractiveKind, form: ButtonsForm, urlDefaults: UrlDefaults): BuildResult {
  const title = form.title.trim();
  const text = form.text.trim();
  const buttonText = form.buttonText.trim();
  switch (kind) {
    case "lista": {
      const rows = form.rows.map((r, i) => ({ id: String(i + 1), title: r.title.trim(), description: r.description.trim() })).filter((r) => r.title);
      // A list needs its title and at least one titled option (spec 000 §5: 'select a title').
      if (!title || !rows.length) return { ok: false, error: "selectTitle" };
      return { ok: true, payload: { title, text, description: "", buttonText: buttonText || rows[0]!.title.slice(0, 40), sections: [{ title: form.sectionTitle.trim(), rows }] } };
    }
    case "URL": {
      const url = form.url.trim();
      if (!/^https?:\/\/\S+$/.test(url)) return { ok: false, error: "urlRequired" };
      // The server's payload names the button's address copyText.
      return { ok: true, payload: { title: title || urlDefaults.title, text: text || urlDefaults.text, buttonText: buttonText || urlDefaults.buttonText, copyText: url } };
    }
    case "copy": {
      const copyText = form.copyText.trim();
      if (!copyText) return { ok: false, error: "copyRequired" };
      return { ok: true, payload: { title, text, buttonText, copyText } };
    }
    case "call": {
      const phone = form.phoneNumber.trim();
      if (!/^\+?[\d\s().-]{8,20}$/.test(phone)) return { ok: false, error: "phoneRequired" };
      // The server's payload names the number to call copyText.
      return { ok: true, payload: { title, text, buttonText, copyText: phone } };
    }
    case "PIX": {
      const sendvalue = toCents(form.amount);
      if (!Number.isFinite(sendvalue)) return { ok: false, error: "amountInvalid" };
      const rawKey = form.pixKey.trim();
      const sendKey = form.keyType === "PHONE" ? pixPhoneKey(rawKey) : rawKey;
      if (!sendKey) return { ok: false, error: "keyRequired" };
      if (!form.merchantName.trim()) return { ok: false, error: "merchantRequired" };
      return { ok: true, payload: { title, text, sendvalue, sendkey_type: form.keyType, sendmerchant_name: form.merchantName.trim(), sendKey } };
    }
  }
}
