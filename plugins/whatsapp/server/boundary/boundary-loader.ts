import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Config } from "../../../../core/config.ts";
import { createLogger } from "../../../../core/log.ts";
import { createBaileysBoundary } from "./baileys-boundary.ts";
import type { WaBoundary } from "./wa-socket.ts";

/** What a WHATSAPP_BOUNDARY_MODULE exports. */
export interface BoundaryModule {
  createBoundary(config: Config): WaBoundary | Promise<WaBoundary>;
}

/**
 * The boundary the server runs with: Baileys, or the test harness's module named by
 * WHATSAPP_BOUNDARY_MODULE (a path, relative to the working directory, or a URL).
 * Either is loaded on the first socket, so a server without WhatsApp sessions never
 * pays the load time.
 */
export function boundaryFromConfig(config: Config): WaBoundary {
  let loading: Promise<WaBoundary> | undefined;
  const boundary = () => (loading ??= load(config));
  return {
    makeSocket: async (options) => (await boundary()).makeSocket(options),
    downloadMedia: async (message, socket) => (await boundary()).downloadMedia(message, socket),
  };
}

async function load(config: Config): Promise<WaBoundary> {
  const name = config.WHATSAPP_BOUNDARY_MODULE;
  if (!name) return createBaileysBoundary({ log: config.LOG_LEVEL === "debug" ? createLogger("debug", "baileys") : undefined });
  const url = /^[a-z][a-z0-9+.-]*:/i.test(name) && !/^[a-z]:[\\/]/i.test(name) ? name : pathToFileURL(isAbsolute(name) ? name : resolve(name)).href;
  const mod = (await import(url)) as Partial<BoundaryModule>;
  if (typeof mod.createBoundary !== "function") throw new Error(`WHATSAPP_BOUNDARY_MODULE ${name} exports no createBoundary(config)`);
  return mod.createBoundary(config);
}
