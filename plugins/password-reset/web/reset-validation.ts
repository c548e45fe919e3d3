export interface ResetValues {
  email: string;
  code: string;
  password: string;
  confirm: string;
}
export type ResetField = keyof ResetValues;
/** Field -> i18n key of the problem (namespace "password-reset"). */
export type ResetErrors = Partial<Record<ResetField, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The spec's rule (001 §5): at least 8 characters with an uppercase letter, a lowercase letter and a digit. */
export const strongPassword = (p: string) => p.length >= 8 && /[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p);

export function emailProblem(email: string): string | undefined {
  const e = email.trim();
  if (!e) return "validation.required";
  return EMAIL.test(e) ? undefined : "validation.invalidEmail";
}

/** Step 2: e-mail, the code from the message, the new password and its confirmation. */
export function validateReset(v: ResetValues): ResetErrors {
  const errors: ResetErrors = {};
  const email = emailProblem(v.email);
  if (email) errors.email = email;
  if (!v.code.trim()) errors.code = "validation.required";
  if (!v.password) errors.password = "validation.required";
  else if (!strongPassword(v.password)) errors.password = "validation.weakPassword";
  if (!v.confirm) errors.confirm = "validation.required";
  else if (v.confirm !== v.password) errors.confirm = "validation.mismatch";
  return errors;
}
