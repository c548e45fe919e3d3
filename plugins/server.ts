import type { ServerPlugin } from "../core/plugin/server-plugin.ts";

/** The installed plugins' server entries. Order does not matter: dependencies decide it. */
export const serverPlugins: ServerPlugin[] = [];
