import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";

// SCAFFOLD (helper D replaces this file).
export default defineServerPlugin({ manifest, setup() {} });
