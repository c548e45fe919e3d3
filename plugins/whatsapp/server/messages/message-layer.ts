import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type { WaBoundary } from "../boundary/wa-socket.ts";
import type { SessionRegistry } from "../session/session-registry.ts";

/** TODO(message helper): inbound mapping, the "whatsapp" driver, channels.* services, read receipts, import, /closedimported. */
export function registerMessageLayer(_ctx: PluginContext, _sessions: SessionRegistry, _boundary: WaBoundary): void {}
