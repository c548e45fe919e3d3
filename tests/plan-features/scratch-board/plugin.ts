import { definePlugin } from "../../../core/plugin/manifest.ts";

/**
 * A scratch feature plugin for the proof in ../plan-feature.test.ts (not registered in
 * plugins/server.ts): it declares its own plan feature, off by default, and is gated by it.
 * Nothing outside this folder knows it.
 */
export const manifest = definePlugin({
  id: "scratch-board",
  planFeatures: [{ key: "useScratchBoard", label: "scratch-board:planFeature", default: false }],
  planFlag: "useScratchBoard",
});

/** Types the key declared above, as a real plugin does. */
declare module "../../../core/plugin/plan-features.ts" {
  interface PlanFeatures {
    useScratchBoard: true;
  }
}
