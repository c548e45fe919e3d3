/**
 * Baileys, imported once and only when a session needs it: a server with no WhatsApp
 * session never pays its load time at boot.
 */
export type BaileysModule = typeof import("@whiskeysockets/baileys");

let loading: Promise<BaileysModule> | undefined;

export function loadBaileys(): Promise<BaileysModule> {
  loading ??= import("@whiskeysockets/baileys");
  return loading;
}
