/**
 * The WhatsApp message id of one of our outbound messages, derived from the provider id
 * the tickets plugin chose: "3EB0" (the prefix WhatsApp Web ids carry) + 18 upper-case hex
 * characters of its SHA-256. A retried delivery sends the same id, so WhatsApp (and the
 * acks that come back) see one message.
 * @example await waMessageId("out-abc") // "3EB0" + 18 hex chars, always the same for "out-abc"
 */
export async function waMessageId(providerId: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(providerId));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `3EB0${hex.slice(0, 18).toUpperCase()}`;
}
