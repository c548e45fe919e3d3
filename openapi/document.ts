import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadConfig } from "../core/config.ts";
import { createKernel } from "../core/kernel.ts";
import { serverPlugins } from "../plugins/server.ts";

/** Where the committed document lives. */
export const OPENAPI_FILE = resolve(import.meta.dirname, "openapi.json");

/** Copies a JSON value with every object's keys sorted, so the file diffs cleanly. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/**
 * Boots a kernel with every installed plugin on a throw-away data directory and returns
 * what it serves at `/openapi.json`, pretty-printed with sorted keys and a final newline.
 * @example writeFileSync(OPENAPI_FILE, await generateOpenApi());
 */
export async function generateOpenApi(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "atende-openapi-"));
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: "openapi-generator", JOBS_POLL_MS: "0", LOG_LEVEL: "silent" });
  const kernel = await createKernel({ config, plugins: serverPlugins, webAssets: null });
  try {
    const res = await kernel.app.request("/openapi.json");
    if (res.status !== 200) throw new Error(`GET /openapi.json answered ${res.status}: ${await res.text()}`);
    return `${JSON.stringify(sortKeys(await res.json()), null, 2)}\n`;
  } finally {
    await kernel.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
