import { definePlugin } from "../../core/plugin/manifest.ts";

/** Help entries (title, description, video code): the super user manages them, everyone reads the help centre. */
export const manifest = definePlugin({ id: "helps" });
