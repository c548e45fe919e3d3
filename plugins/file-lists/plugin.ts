import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * File lists (spec 002 §2.11, §3 File list, §5, §7; issue 27): a named message with options,
 * each carrying one file. A chatbot option of type "Arquivo" or a queue's `fileListId` sends
 * the message and the files to the customer, once (hand-over kind `file`, reference kind
 * `fileList`). No plan flag: the spec gates the screen by profile only.
 */
export const manifest = definePlugin({
  id: "file-lists",
  dependsOn: ["queues", "automation"],
  requires: ["queues.registerReference", "automation.registerHandOver"],
  errors: {
    ERR_NO_FILE_LIST_FOUND: 404,
  },
});

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
