/** The signup form's fields, as typed (phone holds the masked text). */
export interface SignupValues {
  name: string;
  email: string;
  password: string;
  companyName: string;
  phone: string;
  planId: string;
}
export type SignupField = keyof SignupValues;
/** Field -> i18n key of the problem (namespace "signup"). */
export type SignupErrors = Partial<Record<SignupField, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Keeps the digits of a phone (what the server receives). */
export const phoneDigits = (value: string) => value.replace(/\D/g, "").slice(0, 11);

/** Formats digits with the spec's mask (99) 99999-9999, as far as they go. */
export function maskPhone(value: string): string {
  const d = phoneDigits(value);
  if (!d) return "";
  if (d.length <= 2) return `(${d}`;
  if (d.length <= 7) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}

const lengthRule = (value: string, min: number, max: number): string | undefined => {
  if (!value) return "validation.required";
  if (value.length < min) return "validation.tooShort";
  if (value.length > max) return "validation.tooLong";
  return undefined;
};

/**
 * The spec's signup rules (001 §5): name 2..50, e-mail valid and required, password
 * 5..50, plan required, phone digits only (a complete number when given).
 */
export function validateSignup(v: SignupValues): SignupErrors {
  const errors: SignupErrors = {};
  const set = (field: SignupField, key: string | undefined) => key && (errors[field] = key);
  set("name", lengthRule(v.name.trim(), 2, 50));
  set("companyName", lengthRule(v.companyName.trim(), 2, 50));
  const email = v.email.trim();
  set("email", !email ? "validation.required" : EMAIL.test(email) ? undefined : "validation.invalidEmail");
  set("password", lengthRule(v.password, 5, 50));
  const digits = phoneDigits(v.phone);
  if (digits && (digits.length < 10 || digits.length > 11)) errors.phone = "validation.phone";
  if (!v.planId) errors.planId = "validation.required";
  return errors;
}
