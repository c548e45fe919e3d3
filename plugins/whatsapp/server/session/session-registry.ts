import type { WAMessage, WAMessageKey } from "@whiskeysockets/baileys";
import type { WaSocketLike } from "../boundary/wa-socket.ts";

/** One session that is currently driven by this process. */
export interface LiveSession {
  companyId: number;
  whatsappId: number;
  socket: WaSocketLike;
  /** True once WhatsApp opened the connection (status CONNECTED). */
  connected: boolean;
}

/**
 * What the message layer needs from the session layer: the live socket of a connection,
 * and a hook run for every new socket (attach listeners; the returned function detaches
 * them when the socket is replaced or closed).
 */
export interface SessionRegistry {
  live(whatsappId: number): LiveSession | undefined;
  /** The company's connected sessions, oldest connection first (number checks, pictures). */
  connectedOf(companyId: number): LiveSession[];
  onSocket(attach: (session: LiveSession) => (() => void) | undefined): void;
  /** How Baileys' `getMessage` finds a message WhatsApp asks to re-send (optional for test doubles). */
  provideMessages?(lookup: (whatsappId: number, key: WAMessageKey) => Promise<WAMessage["message"] | undefined>): void;
}
