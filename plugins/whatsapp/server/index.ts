import { defineServerPlugin, type ServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import type { WaBoundary } from "./boundary/wa-socket.ts";
import { boundaryFromConfig } from "./boundary/boundary-loader.ts";
import { registerMessageLayer } from "./messages/message-layer.ts";
import { SessionManager } from "./session/session-manager.ts";
import { registerSessionLayer } from "./session/session.setup.ts";
import type { SessionTuning } from "./session/tuning.ts";

/**
 * Two layers share the plugin and meet through SessionRegistry (session-registry.ts):
 * the session layer (session/: sockets, keys, lease, reconnects, the /whatsappsession
 * routes) and the message layer (messages/: inbound mapping, the channel driver, import).
 * Tests pass a FakeWaBoundary (testing/fake-wa-socket.ts) in place of Baileys.
 */
export function createWhatsappPlugin(options: { boundary?: WaBoundary; tuning?: Partial<SessionTuning> } = {}): ServerPlugin {
  return defineServerPlugin({
    manifest,
    migrations,
    setup(ctx) {
      const boundary = options.boundary ?? boundaryFromConfig(ctx.config);
      const sessions = new SessionManager(ctx, boundary, options.tuning);
      registerMessageLayer(ctx, sessions, boundary);
      registerSessionLayer(ctx, sessions);
    },
  });
}

export default createWhatsappPlugin();
