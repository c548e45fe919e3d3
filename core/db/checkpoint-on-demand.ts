import { statSync } from "node:fs";
import { type Checkpointer, startCheckpointer } from "./checkpointer.ts";

/**
 * Starts the WAL checkpoint worker (checkpointer.ts) once the server writes in volume, not at boot.
 *
 * Why: the worker is a second JavaScript thread, ~3 MiB resident (measured on the binary, issue 17:
 * 80.7 → 77.8 MiB idle), and a server that writes little has no use for it: SQLite checkpoints
 * inside a commit only when the WAL holds 1,000 pages (~4 MiB), which a quiet server reaches
 * rarely and pays for in milliseconds. A busy one (the inbound pipeline writes megabytes a second)
 * passes `thresholdBytes` within a poll, and from then on the worker checkpoints. The WAL file
 * never shrinks while the server runs, so its size is a high-water mark of the writes since the
 * database opened; a clean shutdown removes it.
 */
export interface OnDemandCheckpointer {
  /** Starts the worker now unless it runs; resolves true once it runs, false when it cannot run here. */
  start(): Promise<boolean>;
  stop(): Promise<void>;
}

export interface OnDemandOptions {
  /** Three quarters of SQLite's own threshold: the worker is running before the first inline checkpoint. */
  thresholdBytes?: number;
  pollMs?: number;
  /** Called once the worker runs: the server's connections may stop checkpointing themselves. */
  onStarted(): Promise<void>;
  /** Called when the worker cannot start: SQLite keeps checkpointing inside the writes. */
  onUnavailable(): void;
}

export function checkpointOnDemand(path: string, options: OnDemandOptions): OnDemandCheckpointer {
  const { thresholdBytes = 3 * 1024 * 1024, pollMs = 1_000 } = options;
  let starting: Promise<Checkpointer | null> | null = null;
  let started: Promise<boolean> | null = null;
  let stopped = false;

  const start = (): Promise<boolean> => {
    if (started) return started;
    clearInterval(poll);
    starting = stopped ? Promise.resolve(null) : startCheckpointer(path);
    started = starting.then(async (checkpointer) => {
      if (!checkpointer) {
        if (!stopped) options.onUnavailable();
        return false;
      }
      try {
        await options.onStarted();
        return true;
      } catch {
        // The database closed meanwhile; the worker stops with it.
        return false;
      }
    });
    return started;
  };

  const poll = setInterval(() => {
    const wal = statSync(`${path}-wal`, { throwIfNoEntry: false });
    if (wal && wal.size >= thresholdBytes) void start();
  }, pollMs);
  // An idle server must still be free to exit.
  (poll as { unref?: () => void }).unref?.();

  return {
    start,
    async stop() {
      stopped = true;
      clearInterval(poll);
      await (await starting)?.stop();
    },
  };
}
