import { execFileSync, spawn } from "node:child_process";
import { freePort } from "../e2e/support/server.ts";

/** A throwaway Redis (Debian's `redis-server`) on a loopback port, nothing persisted. */
export interface RunningRedis {
  /** `redis://127.0.0.1:<port>`: the REDIS_URL the servers under test take. */
  url: string;
  stop(): Promise<void>;
}

/** The redis-server binary: REDIS_SERVER_BIN, else the one on PATH (`.ci/run` installs it). */
export function redisServerBinary(): string {
  if (process.env.REDIS_SERVER_BIN) return process.env.REDIS_SERVER_BIN;
  try {
    return execFileSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).trim();
  } catch {
    throw new Error("redis-server is not installed: apt-get install redis-server (or set REDIS_SERVER_BIN)");
  }
}

/** Starts redis-server without persistence; resolves once it accepts connections. */
export async function startRedis(): Promise<RunningRedis> {
  const port = await freePort();
  const child = spawn(redisServerBinary(), ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`redis-server did not start:\n${output}`)), 10_000);
    const onData = (b: Buffer) => {
      output += b;
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", () => fail(new Error(`redis-server exited:\n${output}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((done) => child.once("exit", done));
    },
  };
}
