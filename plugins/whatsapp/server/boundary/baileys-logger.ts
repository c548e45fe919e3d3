import type { SocketConfig } from "@whiskeysockets/baileys";
import type { Logger } from "../../../../core/log.ts";

type ILogger = SocketConfig["logger"];

/**
 * The logger Baileys wants (pino's shape: level, child, trace…error), writing through the
 * server's own logger. Silent unless LOG_LEVEL=debug: Baileys is chatty, and pino itself
 * is not a dependency we can import (it is Baileys' private one).
 */
export function baileysLogger(log: Logger | undefined, bindings: Record<string, unknown> = {}): ILogger {
  const on = Boolean(log);
  const tag = Object.entries(bindings)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(" ");
  const line = (obj: unknown, msg?: string) => {
    const text = typeof obj === "string" ? obj : (msg ?? "");
    const data = typeof obj === "string" ? undefined : obj;
    return [tag ? `[${tag}] ${text}` : text, data] as const;
  };
  return {
    level: on ? "debug" : "silent",
    child: (more: Record<string, unknown>) => baileysLogger(log, { ...bindings, ...more }),
    trace: () => {},
    debug: (obj: unknown, msg?: string) => on && log!.debug(...line(obj, msg)),
    info: (obj: unknown, msg?: string) => on && log!.debug(...line(obj, msg)),
    warn: (obj: unknown, msg?: string) => on && log!.warn(...line(obj, msg)),
    error: (obj: unknown, msg?: string) => on && log!.error(...line(obj, msg)),
  };
}
