/**
 * A read worker that dies in the middle of its statement (read-pool.test.ts): `select 'die'`
 * throws out of the thread after a while without answering; anything else is answered like the
 * real worker would (one row).
 */
export {};

declare const self: { onmessage: ((e: MessageEvent<{ type: string; id?: number; sql?: string }>) => void) | null; postMessage(m: unknown): void; close(): void };

self.onmessage = (e) => {
  if (e.data.type === "stop") {
    self.postMessage({ type: "stopped" });
    self.close();
    return;
  }
  if (e.data.type === "start") self.postMessage({ type: "ready" });
  if (e.data.type !== "all") return;
  if (e.data.sql === "select 'die'")
    setTimeout(() => {
      throw new Error("the worker died mid-statement");
    }, 100);
  else self.postMessage({ type: "rows", id: e.data.id, rows: [{ one: 1 }] });
};
