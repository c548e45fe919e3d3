import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { login, startServer, type RunningServer } from "../e2e/support/server.ts";

/**
 * "Nothing lost": the server answers an inbound message only after it is committed, so
 * killing the process (SIGKILL, no shutdown hooks) in the middle of a burst loses none of
 * the messages it acknowledged. After a restart on the same data, re-sending every
 * acknowledged id finds it already stored, under the same message id.
 */
let server: RunningServer | null = null;
let dataDir = "";

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function inbound(url: string, token: string, id: string) {
  const res = await fetch(`${url}/channels/api/inbound`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ id, number: `55119${String(7000_0000 + (Number(id.split("-")[1]) % 40)).padStart(8, "0")}`, body: `mensagem ${id}` }),
  });
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  return (await res.json()) as { messageId: number; duplicate: boolean };
}

describe("inbound pipeline: a crash mid-burst", () => {
  it("loses no acknowledged message", async () => {
    server = await startServer({ keepData: true });
    dataDir = server.dataDir;
    const { token } = await login(server.url);
    const created = await fetch(`${server.url}/whatsapp`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Ponte API", channel: "api", webhookUrl: "" }),
    });
    const connection = (await created.json()) as { token: string };
    expect(created.status).toBe(200);

    // A burst from 40 numbers, 16 at a time; the process dies after the 60th answer.
    const acked = new Map<string, number>();
    const ids = Array.from({ length: 400 }, (_, i) => `burst-${i}`);
    const { url } = server;
    const running = server;
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        try {
          const answer = await inbound(url, connection.token, id);
          acked.set(id, answer.messageId);
          if (acked.size === 60) running.process.kill("SIGKILL");
        } catch {
          // refused or cut off by the crash: not acknowledged, so not promised
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    await running.stop();
    expect(acked.size).toBeGreaterThanOrEqual(60);
    expect(acked.size).toBeLessThan(ids.length);

    server = await startServer({ dataDir, keepData: true });
    for (const [id, messageId] of acked) {
      const again = await inbound(server.url, connection.token, id);
      expect({ id, duplicate: again.duplicate, messageId: again.messageId }).toEqual({ id, duplicate: true, messageId });
    }
  }, 120_000);
});
