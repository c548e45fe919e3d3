/** How long a code stays valid. */
export const CODE_TTL_MS = 15 * 60 * 1000;
/** Wrong guesses a code survives; the next one invalidates it. */
export const MAX_WRONG_CODES = 5;

/** A uniformly random 6-digit code ("000000".."999999"), without modulo bias. */
export function newResetCode(): string {
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    const n = buf[0] as number;
    if (n < limit) return String(n % 1_000_000).padStart(6, "0");
  }
}

/** The e-mail carrying the code (Portuguese, the product's default language). */
export function resetMail(name: string, code: string) {
  const text = [`Olá, ${name}!`, "", `Seu código para redefinir a senha é: ${code}`, "Ele vale por 15 minutos. Se você não pediu a redefinição, ignore este e-mail."].join("\n");
  return { subject: "Redefinição de senha", text };
}
