import type { AuthenticationState, BaileysEventMap, WAMessage, WASocket } from "@whiskeysockets/baileys";

/**
 * The library boundary of the WhatsApp plugin: the part of a Baileys socket we use, and
 * the two Baileys calls that reach WhatsApp's servers (open a socket, download media).
 * Everything else in the plugin talks to these types only, so tests (and the browser
 * end-to-end run) put a fake here and keep the rest of the pipeline real. Only type
 * imports from Baileys here: the library is loaded lazily by `baileys-boundary.ts`.
 */
export interface WaEvents {
  on<E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void): void;
  off<E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void): void;
}

export interface WaSocketLike {
  ev: WaEvents;
  /** Set once paired: `id` is "5511999999999:12@s.whatsapp.net", `lid` the account's lid. */
  user: WASocket["user"];
  sendMessage: WASocket["sendMessage"];
  readMessages: WASocket["readMessages"];
  onWhatsApp: WASocket["onWhatsApp"];
  profilePictureUrl: WASocket["profilePictureUrl"];
  rejectCall: WASocket["rejectCall"];
  requestPairingCode: WASocket["requestPairingCode"];
  groupMetadata: WASocket["groupMetadata"];
  logout: WASocket["logout"];
  end: WASocket["end"];
}

export interface WaSocketOptions {
  companyId: number;
  whatsappId: number;
  /** Credentials and the key store, backed by the database (session/auth-state.ts). */
  auth: AuthenticationState;
  /** Whether WhatsApp should send history on pairing (the connection's import settings). */
  syncFullHistory: boolean;
  /** Baileys asks for a message it must re-send (retry receipts); undefined when unknown. */
  getMessage: (key: WAMessage["key"]) => Promise<WAMessage["message"] | undefined>;
}

export interface WaBoundary {
  makeSocket(options: WaSocketOptions): WaSocketLike | Promise<WaSocketLike>;
  /** The bytes of an inbound media message (WhatsApp's CDN, decrypted). */
  downloadMedia(message: WAMessage, socket: WaSocketLike): Promise<Uint8Array>;
}
