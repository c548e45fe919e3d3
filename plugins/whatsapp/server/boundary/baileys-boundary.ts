import type { UserFacingSocketConfig, WASocket } from "@whiskeysockets/baileys";
import type { Logger } from "../../../../core/log.ts";
import { baileysLogger } from "./baileys-logger.ts";
import { loadBaileys } from "./load-baileys.ts";
import type { WaBoundary, WaSocketLike } from "./wa-socket.ts";

export interface BaileysBoundaryOptions {
  /** Baileys' own logs go here (only with LOG_LEVEL=debug); omitted = silent. */
  log?: Logger;
  /** Passed through to makeWASocket last (the benchmark points waWebSocketUrl at a loopback server). */
  extraSocketConfig?: Partial<UserFacingSocketConfig>;
}

/**
 * The real boundary: Baileys sockets with our database-backed auth state. Baileys is
 * imported on the first socket, never at boot.
 */
export function createBaileysBoundary(options: BaileysBoundaryOptions = {}): WaBoundary {
  const logger = baileysLogger(options.log);
  return {
    async makeSocket(o) {
      const b = await loadBaileys();
      return b.makeWASocket({
        auth: o.auth,
        browser: b.Browsers.ubuntu("Chrome"),
        // Staying 'offline' keeps the phone's notifications working while the web is open.
        markOnlineOnConnect: false,
        syncFullHistory: o.syncFullHistory,
        getMessage: async (key) => (await o.getMessage(key)) ?? undefined,
        logger: logger.child({ whatsapp: o.whatsappId }),
        ...options.extraSocketConfig,
      });
    },
    async downloadMedia(message, socket: WaSocketLike) {
      const b = await loadBaileys();
      // Our sockets are real Baileys sockets: when WhatsApp's CDN dropped the file, ask the phone to upload it again.
      const update = (socket as Partial<WASocket>).updateMediaMessage;
      const buffer = await b.downloadMediaMessage(
        message,
        "buffer",
        {},
        { logger, reuploadRequest: (m) => (update ? update(m) : Promise.reject(new Error("this socket cannot ask for a media re-upload"))) },
      );
      return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    },
  };
}
