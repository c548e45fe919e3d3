import { createClient } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import { login, startServer, type RunningServer } from "../../tests/e2e/support/server.ts";
import { startSqld, type RunningSqld } from "../../tests/support/sqld.ts";
import { startSqldProxy, type SqldProxy } from "../../tests/support/sqld-proxy.ts";

let sqld: RunningSqld | null = null;
let proxy: SqldProxy | null = null;
let server: RunningServer | null = null;
afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await sqld?.stop();
});

const call = async (method: string, path: string, token: string, body?: unknown) => {
  const res = await fetch(`${server?.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/**
 * Requests to the libSQL server that one inbound message through the API channel costs once the
 * connection's caches are warm (10 waited for in series, and the stream's close): see README
 * "Scaling out". A read added to the inbound path shows here first.
 */
const INBOUND_REQUESTS = 11;

describe("the server on a libSQL server (DATABASE_URL=http://…)", () => {
  let apiToken = "";
  let adminToken = "";

  it("boots with its migrations there, logs in, creates a contact and stores a message from the API channel", async () => {
    sqld = await startSqld();
    // Through a loopback proxy that counts the requests and plays a slow network on demand.
    proxy = await startSqldProxy(sqld.url);
    server = await startServer({ env: { DATABASE_URL: proxy.url, JOBS_POLL_MS: "0" } });
    // Ready once started (the port answers /version a moment before): migrations ran on the server, and it answers.
    let ready = 0;
    for (let i = 0; i < 100 && ready !== 200; i++) {
      ready = (await fetch(`${server.url}/ready`)).status;
      if (ready !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(ready).toBe(200);
    const admin = await login(server.url);
    adminToken = admin.token;
    const contact = await call("POST", "/contacts", admin.token, { name: "Ana Souza", number: "5511987654321" });
    expect(contact.status).toBe(200);
    const connection = await call("POST", "/whatsapp", admin.token, { name: "Ponte", channel: "api", webhookUrl: "" });
    expect(connection.status).toBe(200);
    apiToken = connection.body.token as string;
    const inbound = await call("POST", "/channels/api/inbound", apiToken, {
      id: "msg-1",
      number: "5511987654321",
      name: "Ana Souza",
      body: "Olá pelo servidor",
    });
    expect(inbound.status).toBe(200);
    expect(inbound.body).toMatchObject({ contactId: contact.body.id, duplicate: false });
    const messages = await call("GET", `/messages/${inbound.body.ticketUuid}`, admin.token);
    expect(messages.status).toBe(200);
    expect((messages.body.messages as { body: string }[]).map((m) => m.body)).toContain("Olá pelo servidor");
    // Stored in the server's database, not a file of the data directory.
    const again = await call("POST", "/channels/api/inbound", apiToken, { id: "msg-1", number: "5511987654321", body: "Olá pelo servidor" });
    expect(again.body).toMatchObject({ messageId: inbound.body.messageId, duplicate: true });
  }, 120_000);

  it(`an inbound message costs at most ${INBOUND_REQUESTS} requests to the server`, async () => {
    const counts: number[] = [];
    const seen: string[][] = [];
    for (let i = 0; i < 4; i++) {
      const from = proxy!.requests.length;
      const res = await call("POST", "/channels/api/inbound", apiToken, { id: `count-${i}`, number: "5511987654321", body: `mensagem ${i}` });
      expect(res.status).toBe(200);
      // What the announcement after the commit queues (a webhook event) may land just after the answer.
      await new Promise((r) => setTimeout(r, 200));
      counts.push(proxy!.requests.length - from);
      seen.push(proxy!.requests.slice(from).map((b) => b.slice(0, 300)));
    }
    const fewest = Math.min(...counts);
    expect(fewest, `${counts.join(", ")}\n${seen[counts.indexOf(fewest)]!.join("\n")}`).toBeLessThanOrEqual(INBOUND_REQUESTS);
  }, 60_000);

  it("a message whose transaction sqld ended (another process waited to write) is stored once and answered 200", async () => {
    const other = createClient({ url: sqld!.url });
    await other.execute("CREATE TABLE IF NOT EXISTS other_process (id INTEGER PRIMARY KEY)");
    // The message's statements reach the server, then its batch's COMMIT is late: sqld ends the transaction at 5 s.
    const held = proxy!
      .holdNext(0, (b) => b.includes("held-1"))
      .then(() => proxy!.holdNext(6_000, (b) => b.includes('"COMMIT"')))
      .then(() => other.execute("INSERT INTO other_process DEFAULT VALUES"));
    const res = await call("POST", "/channels/api/inbound", apiToken, { id: "held-1", number: "5511987654321", body: "atrasada" });
    await held;
    other.close();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ duplicate: false });
    const rows = await createClient({ url: sqld!.url }).execute("SELECT count(*) AS n FROM messages WHERE provider_id = 'held-1'");
    expect(Number(rows.rows[0]?.n)).toBe(1);
    void adminToken;
  }, 60_000);
});
