import { createClient } from "@libsql/client";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { login, startServer, type RunningServer } from "../../tests/e2e/support/server.ts";

let server: RunningServer | null = null;
afterAll(async () => {
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

const post = async (url: string, path: string, token: string, body: unknown) => {
  const res = await fetch(`${url}${path}`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("graceful shutdown", () => {
  it("on SIGTERM under an inbound burst: stops accepting, answers what it took, leaves every acknowledged message stored and no job leased, exits 0", async () => {
    server = await startServer({ keepData: true, env: { JOBS_POLL_MS: "50" } });
    const { url } = server;
    const admin = await login(url);
    const api = await post(url, "/whatsapp", admin.token, { name: "Burst", channel: "api", webhookUrl: "" });
    expect(api.status).toBe(200);
    const apiToken = api.body.token as string;

    const acknowledged: number[] = [];
    const refused: string[] = [];
    let next = 0;
    let terminated = false;
    const exited = new Promise<number | null>((r) => server?.process.once("exit", (code) => r(code)));
    const sender = async () => {
      while (next < 2_000) {
        const i = next++;
        try {
          const res = await post(url, "/channels/api/inbound", apiToken, {
            id: `m-${i}`,
            number: `5511${String(910000000 + (i % 40))}`,
            name: `Cliente ${i % 40}`,
            body: `mensagem ${i}`,
          });
          if (res.status === 200) acknowledged.push(res.body.messageId as number);
          else refused.push(`${res.status} ${JSON.stringify(res.body)}`);
        } catch {
          // Refused at the door (the server stopped accepting): never acknowledged, so never promised.
          if (terminated) return;
          throw new Error("a request failed before shutdown");
        }
        if (acknowledged.length === 150 && !terminated) {
          terminated = true;
          server?.process.kill("SIGTERM");
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, sender));
    expect(terminated).toBe(true);
    expect(await exited).toBe(0);
    // Whatever the server answered, it answered properly (never a 5xx while going down).
    expect(refused.filter((r) => r.startsWith("5"))).toEqual([]);

    // What a restart finds: the file as the process left it.
    const db = createClient({ url: `file:${join(server.dataDir, "app.db")}` });
    try {
      const stored = await db.execute(`SELECT id FROM messages WHERE id IN (${acknowledged.join(",")})`);
      expect(stored.rows.length).toBe(acknowledged.length);
      // No job is left leased to the dead process: another one may claim them at once.
      const leased = await db.execute("SELECT count(*) AS n FROM jobs WHERE lease_owner IS NOT NULL AND status IN ('pending', 'running')");
      expect(Number(leased.rows[0]?.n)).toBe(0);
    } finally {
      db.close();
    }
    expect(server.output()).toContain("SIGTERM: stopping");
  }, 120_000);
});
