import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The litestream binary of the pinned npm package (@flydotio/litestream): its platform package's
 * own file, run directly (the package's bin is a Node shim); LITESTREAM_BIN overrides.
 */
export function litestreamBinary(): string {
  if (process.env.LITESTREAM_BIN) return process.env.LITESTREAM_BIN;
  const manifest = createRequire(import.meta.url).resolve("@flydotio/litestream/package.json");
  const platformPackage = `@flydotio/litestream-${process.platform}-${process.arch}`;
  const binary = join(dirname(createRequire(manifest).resolve(`${platformPackage}/package.json`)), "litestream");
  if (!existsSync(binary)) throw new Error(`no litestream binary for ${platformPackage}: run bun install`);
  return binary;
}

/** A config replicating `database` to the folder `replica` (a file replica), synced every `syncInterval`. */
export function writeLitestreamConfig(path: string, database: string, replica: string, syncInterval = "100ms"): void {
  writeFileSync(path, `dbs:\n  - path: ${database}\n    replicas:\n      - type: file\n        path: ${replica}\n        sync-interval: ${syncInterval}\n`);
}

/** Runs `litestream <args>` to completion; resolves with its output, rejects on a non-zero exit. */
export function runLitestream(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(litestreamBinary(), args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (b: Buffer) => (output += b));
    child.stderr.on("data", (b: Buffer) => (output += b));
    child.once("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`litestream ${args.join(" ")} exited ${code}:\n${output}`))));
  });
}

/** `litestream replicate -config <config>` in the background until `stop()`. */
export function startLitestream(config: string) {
  const child = spawn(litestreamBinary(), ["replicate", "-config", config], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (b: Buffer) => (output += b));
  child.stderr.on("data", (b: Buffer) => (output += b));
  return {
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((done) => child.once("exit", done));
    },
  };
}
