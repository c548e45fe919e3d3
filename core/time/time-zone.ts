/**
 * Whether `name` is a time zone this runtime knows: what `Intl.DateTimeFormat` accepts (IANA
 * names such as "America/Sao_Paulo", "UTC"). Nothing is kept, so a caller may check any text
 * a client sends.
 * @example isTimeZone("Europe/Istanbul") // true; isTimeZone("Mars/Olympus") // false
 */
export function isTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
