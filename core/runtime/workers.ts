import { type ChildProcess, spawn } from "node:child_process";
import type { Config } from "../config.ts";

/** Set in each child's environment: the child serves, it does not supervise. */
const CHILD_MARK = "ATENDE_WORKER";
/** A child that died is started again after this long (a crash loop costs one boot a second at most). */
const RESTART_MS = 1000;

declare const Bun: { main: string } | undefined;

/** Whether this process is one of WORKERS' children (it then serves with reusePort). */
export function isWorkerChild(): boolean {
  return !!process.env[CHILD_MARK];
}

/**
 * Why WORKERS cannot be honoured here, or null: N processes share a port only through Bun's
 * `reusePort`, and without Redis their realtime events would never cross (a browser on one
 * process would not see what another stored).
 */
export function workersProblem(config: Pick<Config, "WORKERS" | "REDIS_URL">): string | null {
  if (config.WORKERS <= 1) return null;
  if (!config.REDIS_URL) return "WORKERS above 1 needs REDIS_URL: realtime events, rights changes and login limits must cross the processes (see README, Scaling out)";
  if (typeof Bun === "undefined")
    return "WORKERS above 1 needs Bun (its reusePort shares one port between processes); under another runtime start one process per port behind a proxy";
  return null;
}

/**
 * WORKERS=N: this process serves nothing itself; it starts N processes of the same entry, each
 * listening on PORT with reusePort (the kernel spreads connections between them), all on the same
 * database (the embedded file is safe for several processes of one machine: SQLite's WAL). The
 * first child boots alone (migrations, the seed and generated secrets happen once), the others
 * once it answers. A child that dies is started again; SIGTERM and SIGINT are passed to every
 * child, and this process exits when they all have.
 * @example if (config.WORKERS > 1 && !isWorkerChild()) return superviseWorkers(config);
 */
export async function superviseWorkers(config: Config): Promise<void> {
  const problem = workersProblem(config);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  // A compiled binary's argv[1] is its embedded entry: the binary itself is the command.
  // (Bun is defined here: workersProblem refused other runtimes.)
  const compiled = Bun?.main.startsWith("/$bunfs/") ?? false;
  const args = process.argv.slice(compiled ? 2 : 1);
  const children = new Map<number, ChildProcess>();
  let stopping = false;

  const start = (index: number): ChildProcess => {
    const child = spawn(process.execPath, args, { stdio: "inherit", env: { ...process.env, [CHILD_MARK]: String(index) } });
    children.set(index, child);
    child.once("exit", (code, signal) => {
      children.delete(index);
      if (stopping) {
        if (!children.size) process.exit(0);
        return;
      }
      console.error(`worker ${index} exited (${signal ?? code}); starting it again in ${RESTART_MS} ms`);
      setTimeout(() => !stopping && start(index), RESTART_MS);
    });
    return child;
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    if (!children.size) process.exit(0);
    for (const child of children.values()) child.kill(signal);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGTERM"));

  const first = start(1);
  await untilServing(config.PORT, first);
  for (let i = 2; i <= config.WORKERS && !stopping; i++) start(i);
  console.log(`${config.WORKERS} workers serving port ${config.PORT}`);
}

/** Waits until the first child answers on the port (it printed "Listening" and booted), or exits. */
async function untilServing(port: number, child: ChildProcess): Promise<void> {
  const url = `http://127.0.0.1:${port}/version`;
  while (child.exitCode === null && child.signalCode === null) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
