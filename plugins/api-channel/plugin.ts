import { definePlugin } from "../../core/plugin/manifest.ts";

/** SCAFFOLD (helper D replaces this file). */
export const manifest = definePlugin({ id: "api-channel", dependsOn: ["tickets", "connections"] });
