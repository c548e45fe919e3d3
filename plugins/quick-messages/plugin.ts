import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Quick messages (spec 000 §2, §3, §7): the /quick-messages screen, the composer's
 * quick-reply flash (GET /quick-messages/list) and attachments kept with the kernel storage.
 */
export const manifest = definePlugin({ id: "quick-messages" });
