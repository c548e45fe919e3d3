import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";

/**
 * Nothing to set up: office hours have no tables, routes or jobs (each owner stores its
 * own week). The entry exists so that plugins using the contract can name this one in
 * `dependsOn`, and the boot stops with a clear message if it is not installed.
 */
export default defineServerPlugin({
  manifest,
  setup() {},
});
