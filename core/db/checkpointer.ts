/**
 * Moves WAL checkpoints off the event loop. By default SQLite checkpoints inside the COMMIT
 * that grows the WAL past 1,000 pages: that commit then copies pages back into the database
 * file and fsyncs, on the thread serving requests (measured: a quarter of the inbound
 * pipeline's throughput on a 400 MiB database). Here a worker thread with its own
 * connection checkpoints every `intervalMs`, and the server's connections turn their
 * automatic checkpoint off — only once the worker is running: without it, nothing changes.
 */
export interface Checkpointer {
  stop(): Promise<void>;
}

/** Starts the worker for the database file at `path`; null when a worker cannot run here. */
export async function startCheckpointer(path: string, intervalMs = 250): Promise<Checkpointer | null> {
  let worker: Worker;
  try {
    worker = new Worker(new URL("./checkpoint-worker.ts", import.meta.url).href, { type: "module" });
  } catch {
    return null;
  }
  const answer = (type: string, timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      worker.onmessage = (e: MessageEvent<{ type: string }>) => {
        if (e.data.type !== type && e.data.type !== "failed") return;
        clearTimeout(timer);
        resolve(e.data.type === type);
      };
      worker.onerror = () => {
        clearTimeout(timer);
        resolve(false);
      };
    });
  const ready = answer("ready", 10_000);
  worker.postMessage({ type: "start", path, intervalMs });
  if (!(await ready)) {
    worker.terminate();
    return null;
  }
  // Bun and Deno keep the process alive for a running worker; the server stops it itself.
  (worker as Worker & { unref?: () => void }).unref?.();
  return {
    async stop() {
      const stopped = answer("stopped", 2_000);
      worker.postMessage({ type: "stop" });
      await stopped;
      worker.terminate();
    },
  };
}
