import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type { SessionManager } from "./session-manager.ts";

/** TODO(session helper): /whatsappsession routes, /whatsapp-restart, bus listeners, resume at boot, stop on shutdown. */
export function registerSessionLayer(_ctx: PluginContext, _sessions: SessionManager): void {}
