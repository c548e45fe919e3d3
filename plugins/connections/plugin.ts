import { isAdmin } from "../../core/auth/permissions.ts";
import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * A company's connections (spec 001 §3 'Connection (whatsapp)', §5, §7 'Connections'):
 * WhatsApp, WhatsApp API, Facebook, Instagram and external-API channels, the default
 * connection rules, the 30-character token and the queues a connection serves. Every
 * signed-in user reads the list (attendants pick connections) without tokens; changing
 * connections and seeing tokens is governed by connections-page:addConnection (admins,
 * and users with allowConnections enabled — spec 001 §6).
 */
export const manifest = definePlugin({
  id: "connections",
  dependsOn: ["queues", "office-hours"],
  // Integrations, prompts and flows a connection names are checked through the queues plugin's reference registry.
  requires: ["queues.referenceExists"],
  permissions: {
    "connections-page:addConnection": (u) => isAdmin(u) || u.allowConnections === "enabled",
  },
  errors: {
    ERR_NO_OTHER_WHATSAPP: 400,
    ERR_NO_DEF_WAPP_FOUND: 404,
    ERR_NO_WAPP_FOUND: 404,
    ERR_PLAN_LIMIT_CONNECTIONS: 403,
  },
});

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
