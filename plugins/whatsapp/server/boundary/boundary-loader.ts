import type { Config } from "../../../../core/config.ts";
import type { WaBoundary } from "./wa-socket.ts";

/**
 * The boundary the server runs with: Baileys, imported on first use (so a server without
 * WhatsApp sessions never pays its load time), or the test harness's module named by
 * WHATSAPP_BOUNDARY_MODULE.
 */
export function boundaryFromConfig(config: Config): WaBoundary {
  void config;
  return { makeSocket: () => { throw new Error("TODO(session helper)"); }, downloadMedia: () => Promise.reject(new Error("TODO")) };
}
