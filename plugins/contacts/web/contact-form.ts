import { validationFields } from "../../../web/src/ui/refusal.ts";
import type { Contact, ContactPayload, ExtraInfo } from "./contacts-api.ts";

/** The contact dialog's values. */
export interface ContactForm {
  name: string;
  number: string;
  email: string;
  acceptAudioMessage: boolean;
  disableBot: boolean;
  /** The wallet owner's user id as the select holds it; "" for none. */
  walletUserId: string;
  extraInfo: ExtraInfo[];
}

export type ContactErrors = Partial<Record<"name" | "number" | "email" | "walletUserId", string>> & { extraInfo?: Record<number, string> };

export const newContactForm: ContactForm = { name: "", number: "", email: "", acceptAudioMessage: true, disableBot: false, walletUserId: "", extraInfo: [] };

export const formFromContact = (c: Contact): ContactForm => ({
  name: c.name,
  number: c.number,
  email: c.email,
  acceptAudioMessage: c.acceptAudioMessage,
  disableBot: c.disableBot,
  walletUserId: c.walletUserId === null ? "" : String(c.walletUserId),
  extraInfo: c.extraInfo.map(({ id, name, value }) => ({ id, name, value })),
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The spec's rules (000 §5): name required, 2 to 50; number 8 to 50; e-mail valid.
 * Messages are the spec's own: 'Required', 'Too Short!', 'Too Long!', 'Invalid email'.
 * An extra info row needs a name.
 */
export function validateContact(form: ContactForm): ContactErrors {
  const errors: ContactErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = "Required";
  else if (name.length < 2) errors.name = "Too Short!";
  else if (name.length > 50) errors.name = "Too Long!";
  const number = form.number.trim();
  if (!number) errors.number = "Required";
  else if (number.length < 8) errors.number = "Too Short!";
  else if (number.length > 50) errors.number = "Too Long!";
  const email = form.email.trim();
  if (email && !EMAIL.test(email)) errors.email = "Invalid email";
  const extra: Record<number, string> = {};
  form.extraInfo.forEach((row, i) => {
    if (!row.name.trim() && row.value.trim()) extra[i] = "Required";
  });
  if (Object.keys(extra).length) errors.extraInfo = extra;
  return errors;
}

export const hasErrors = (e: ContactErrors) => Object.keys(e).length > 0;

/** What the dialog sends: empty extra-info rows are dropped. A number still LGPD-masked goes back as it came (the server keeps the real one). */
export function toPayload(form: ContactForm): ContactPayload {
  return {
    name: form.name.trim(),
    number: form.number.trim(),
    email: form.email.trim(),
    acceptAudioMessage: form.acceptAudioMessage,
    disableBot: form.disableBot,
    walletUserId: form.walletUserId ? Number(form.walletUserId) : null,
    extraInfo: form.extraInfo.filter((r) => r.name.trim()).map((r) => ({ name: r.name.trim(), value: r.value })),
  };
}

/** The field messages of an ERR_VALIDATION answer, for the fields the dialog shows. */
export function serverErrors(err: unknown): ContactErrors | null {
  const fields = validationFields(err);
  if (!fields) return null;
  const out: ContactErrors = {};
  for (const key of ["name", "number", "email", "walletUserId"] as const) if (fields[key]) out[key] = fields[key];
  return hasErrors(out) ? out : null;
}

/** Spec message -> translation key (pt keeps the spec's own wording). */
const messageKeys: Record<string, string> = {
  Required: "validation.required",
  "Too Short!": "validation.tooShort",
  "Too Long!": "validation.tooLong",
  "Invalid email": "validation.invalidEmail",
  "Invalid number": "validation.invalidNumber",
  "Invalid user": "validation.invalidUser",
};

/** The translation key for a validation message (unknown messages show as they are). */
export const messageKey = (message: string): string => messageKeys[message] ?? message;
