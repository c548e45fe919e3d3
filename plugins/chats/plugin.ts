import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Internal chat (spec 000 §2 `/chats` and `/chats/{uuid}`, §3 Internal chat, §4, §5, §7 the
 * seven `/chats` calls, realtime `company-{id}-chat`, `-chat-user-{userId}`, `-chat-{chatId}`):
 * conversations between users of one company. Only a chat's members read it; only its owner
 * edits or deletes it. Gated by the plan flag `useInternalChat`, which this plugin declares
 * (it moved here from the plans plugin's catalogue; stored values keep their key).
 */
export const manifest = definePlugin({
  id: "chats",
  planFeatures: [{ key: "useInternalChat", label: "chats:planFeature", default: true }],
  planFlag: "useInternalChat",
  errors: {
    /** A chat that does not exist, belongs to another company, or of which the caller is not a member. */
    ERR_NO_CHAT_FOUND: 404,
  },
});

/** Types the plan feature declared above (planFlag, `planFeatures.enabled`). */
declare module "../../core/plugin/plan-features.ts" {
  interface PlanFeatures {
    useInternalChat: true;
  }
}

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
