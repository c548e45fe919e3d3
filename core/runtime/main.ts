import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { ConfigError, loadConfig } from "../config.ts";
import { createKernel } from "../kernel.ts";
import type { ServerPlugin } from "../plugin/server-plugin.ts";
import { folderAssets, type WebAssets } from "../http/web-assets.ts";
import { PluginGraphError } from "../plugin/load-order.ts";
import type { SchemaSnapshotLoader } from "../db/schema-snapshot.ts";
import { restoreJitPolicy } from "./jit-policy.ts";
import { installShutdown } from "./shutdown.ts";
import { isWorkerChild, superviseWorkers } from "./workers.ts";

declare const Bun: { gc?(force: boolean): void; shrink?(): void } | undefined;

/** The built web app next to the code (web/dist), if it has been built. */
function diskAssets(webDist?: string): WebAssets | null {
  const dir = webDist ?? resolve(import.meta.dirname, "../../web/dist");
  return existsSync(resolve(dir, "index.html")) ? folderAssets(dir) : null;
}

/**
 * Bun, once the server answers (issue 17, idle memory). The binary starts with the JIT reluctant
 * (tests/tools/build-binary.ts, jitPolicy) so boot's run-once code stays in the interpreter
 * instead of being compiled: from here code runs per request, and hot code compiles as usual.
 * A second later, one full collection frees what boot left behind (migrations, seed, the
 * schema snapshot's SQL) and Bun.shrink hands the freed pages back: about 1.5 MiB less at idle.
 */
function settleAfterBoot(bun: NonNullable<typeof Bun>) {
  restoreJitPolicy();
  const timer = setTimeout(() => {
    bun.gc?.(true);
    bun.shrink?.();
  }, 1000);
  (timer as { unref?: () => void }).unref?.();
}

/**
 * Boots and serves the product on whichever runtime runs it: config from the
 * environment, kernel with the installed plugins, one port for API, realtime and web.
 */
export async function runServer(plugins: readonly ServerPlugin[], options: { embedded?: WebAssets; schemaSnapshot?: SchemaSnapshotLoader } = {}) {
  const { embedded, schemaSnapshot } = options;
  // performance.now() counts from the process start: what passed until here is loading the modules.
  const started = performance.now();
  let config: ReturnType<typeof loadConfig>;
  let kernel: Awaited<ReturnType<typeof createKernel>>;
  try {
    config = loadConfig(process.env);
    // WORKERS=N: this process only supervises N children of the same entry (core/runtime/workers.ts).
    if (config.WORKERS > 1 && !isWorkerChild()) return void (await superviseWorkers(config));
    const assets = embedded ?? diskAssets(config.WEB_DIST);
    kernel = await createKernel({ config, plugins, webAssets: assets, schemaSnapshot });
    if (!assets) kernel.log.warn("web app not built (run `bun run build:web`): serving the API only");
  } catch (err) {
    if (err instanceof ConfigError || err instanceof PluginGraphError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const server =
    typeof Bun !== "undefined"
      ? (await import("./serve-bun.ts")).serveBun(kernel, config.PORT, config.HOST)
      : await (await import("./serve-node.ts")).serveNode(kernel, config.PORT, config.HOST);
  await kernel.start();
  const ready = performance.now();
  if (typeof Bun !== "undefined") settleAfterBoot(Bun);
  console.log(`Listening on http://localhost:${server.port} (ready ${ready.toFixed(0)} ms after start: modules ${started.toFixed(0)} ms, boot ${(ready - started).toFixed(0)} ms)`);
  if (kernel.generatedAdminPassword)
    console.log(`\n  Super admin created: ${config.ADMIN_EMAIL} / ${kernel.generatedAdminPassword}\n  (shown once; set ADMIN_PASSWORD to choose it)\n`);

  const shutdown = installShutdown(kernel, server);
  return { kernel, port: server.port, close: () => shutdown() };
}
