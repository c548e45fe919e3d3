import type { ServerPlugin } from "../../core/plugin/server-plugin.ts";
import { serverPlugins } from "./test-kernel.ts";

/**
 * The installed plugins without those that register a reference kind or a hand-over kind
 * (file lists, prompts, integrations, flows: they `require` `queues.registerReference` or
 * `automation.registerHandOver`). For the contract tests that register those kinds themselves,
 * as a plugin would: a kind is registered once per boot.
 * @example const t = await createTestKernel({ plugins: withoutKindOwners() });
 */
export function withoutKindOwners(): ServerPlugin[] {
  const owns = (p: ServerPlugin) => (p.manifest.requires ?? []).some((s) => s === "queues.registerReference" || s === "automation.registerHandOver");
  return serverPlugins.filter((p) => !owns(p));
}
