import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Platform announcements: the super user writes them (title, text, priority, image),
 * every company's users read the active ones in the top-bar popover, live.
 */
export const manifest = definePlugin({ id: "announcements" });
