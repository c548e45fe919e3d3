/**
 * The login screen's password strength, 0 to 5: one point each for 8 or more characters,
 * an uppercase letter, a lowercase letter, a digit and a special character (spec 001 §2).
 */
export function passwordStrength(password: string): number {
  const checks = [password.length >= 8, /\p{Lu}/u.test(password), /\p{Ll}/u.test(password), /\p{Nd}/u.test(password), /[^\p{L}\p{N}]/u.test(password)];
  return checks.filter(Boolean).length;
}

/** A score of 2 or lower asks for confirmation before signing in. */
export const WEAK_PASSWORD_MAX_SCORE = 2;
