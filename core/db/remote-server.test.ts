import { afterAll, describe, expect, it } from "vitest";
import { login, startServer, type RunningServer } from "../../tests/e2e/support/server.ts";
import { startSqld, type RunningSqld } from "../../tests/support/sqld.ts";

let sqld: RunningSqld | null = null;
let server: RunningServer | null = null;
afterAll(async () => {
  await server?.stop();
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

describe("the server on a libSQL server (DATABASE_URL=http://…)", () => {
  it("boots with its migrations there, logs in, creates a contact and stores a message from the API channel", async () => {
    sqld = await startSqld();
    server = await startServer({ env: { DATABASE_URL: sqld.url } });
    // Ready once started (the port answers /version a moment before): migrations ran on the server, and it answers.
    let ready = 0;
    for (let i = 0; i < 100 && ready !== 200; i++) {
      ready = (await fetch(`${server.url}/ready`)).status;
      if (ready !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(ready).toBe(200);
    const admin = await login(server.url);
    const contact = await call("POST", "/contacts", admin.token, { name: "Ana Souza", number: "5511987654321" });
    expect(contact.status).toBe(200);
    const connection = await call("POST", "/whatsapp", admin.token, { name: "Ponte", channel: "api", webhookUrl: "" });
    expect(connection.status).toBe(200);
    const inbound = await call("POST", "/channels/api/inbound", connection.body.token as string, {
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
    const again = await call("POST", "/channels/api/inbound", connection.body.token as string, { id: "msg-1", number: "5511987654321", body: "Olá pelo servidor" });
    expect(again.body).toMatchObject({ messageId: inbound.body.messageId, duplicate: true });
  }, 120_000);
});
