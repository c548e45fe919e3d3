import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";

// Scaffold only: the plugin's helper replaces this with the real setup.
export default defineServerPlugin({ manifest, setup() {} });
