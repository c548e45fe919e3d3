/**
 * A static PIX "BR Code" (the Central Bank of Brazil's profile of EMVCo's Merchant-Presented
 * QR Code): the text a banking app reads from a QR code or pastes as "PIX copia e cola".
 * Each field is ID (2 digits) + length (2 digits) + value; the last field, 63, is the
 * CRC16-CCITT-FALSE of everything before its value, "6304" included.
 */

/** The merchant-account template's GUI for PIX (field 26, subfield 00). */
export const PIX_GUI = "br.gov.bcb.pix";
export const MAX_NAME = 25;
export const MAX_CITY = 15;
export const MAX_TXID = 25;
export const MAX_KEY = 77;

export interface BrCodeInput {
  /** The receiver's PIX key: e-mail, phone (+55…), CPF/CNPJ digits or a random (EVP) key. */
  key: string;
  /** The receiver's name (field 59), cut to 25 characters. */
  name: string;
  /** The receiver's city (field 60), cut to 15 characters. */
  city: string;
  /** BRL, at most two decimals; 0 or less leaves the amount for the payer to type. */
  amount: number;
  /** The transaction id (field 62-05): letters and digits, at most 25; empty becomes "***". */
  txid?: string;
}

/** One EMV field: id, two-digit length, value. */
export function emvField(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new RangeError(`EMV id must be two digits: ${id}`);
  if (value.length > 99) throw new RangeError(`EMV field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC16-CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final xor), as 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** Letters, digits, spaces and plain punctuation only (banks' readers choke on accents), cut to `max`. */
export function plainText(text: string, max: number): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 .,\-/&]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
}

/** The txid rule of field 62-05: only letters and digits, at most 25. */
export function cleanTxid(txid: string | undefined): string {
  const clean = (txid ?? "").replace(/[^A-Za-z0-9]/g, "").slice(0, MAX_TXID);
  return clean || "***";
}

/** The amount as the BR Code writes it: dot decimal separator, two decimals. */
export function formatAmount(amount: number): string {
  return (Math.round(amount * 100) / 100).toFixed(2);
}

/**
 * Builds the BR Code text.
 * @example
 *   staticPixCode({ key: "pix@example.com", name: "Atendechat", city: "Sao Paulo", amount: 49, txid: "FAT12" })
 *   // "00020126…6304ABCD"
 */
export function staticPixCode(input: BrCodeInput): string {
  const key = input.key.trim();
  if (!key || key.length > MAX_KEY) throw new RangeError("PIX key must have 1 to 77 characters");
  const name = plainText(input.name, MAX_NAME) || "N";
  const city = plainText(input.city, MAX_CITY) || "BRASILIA";
  const account = emvField("00", PIX_GUI) + emvField("01", key);
  const body = [
    emvField("00", "01"),
    emvField("26", account),
    emvField("52", "0000"),
    emvField("53", "986"),
    input.amount > 0 ? emvField("54", formatAmount(input.amount)) : "",
    emvField("58", "BR"),
    emvField("59", name),
    emvField("60", city),
    emvField("62", emvField("05", cleanTxid(input.txid))),
    "6304",
  ].join("");
  return body + crc16(body);
}

/** Splits a BR Code into its top-level fields (for checks and tests); throws on a malformed one. */
export function parseEmv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(at + 2, at + 4)) || at + 4 + length > text.length) throw new SyntaxError(`malformed EMV field at ${at}`);
    fields.set(id, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}
