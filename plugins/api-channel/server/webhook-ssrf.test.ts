import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { asc } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { HostResolver } from "../../../core/net/outbound-guard.ts";
import { createTestKernel, loopbackResolver, type TestKernel } from "../../../tests/support/test-kernel.ts";
import type {} from "../../tickets/server/tickets-events.contract.ts";
import { apiWebhookDeliveries } from "../schema/tables.ts";
import { createConnection } from "./api-channel.fixtures.ts";
import { type Receiver, startReceiver } from "./webhook-receiver.fixtures.ts";

/**
 * Server-side request forgery through webhookUrl (issue 11, finding 5): the URL is refused
 * when saved and again when posted to, unless ALLOWED_INTERNAL_HOSTS opens it; metadata
 * and link-local addresses never. Every kernel here uses a fake resolver: no real DNS.
 */

let t: TestKernel;
let receiver: Receiver | null = null;
const servers: Server[] = [];
afterEach(async () => {
  await receiver?.close();
  receiver = null;
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
  await t.close();
});

/** A kernel with the production default (no internal host allowed) unless `allow` says otherwise. */
const kernel = (allow = "", resolveHost: HostResolver = loopbackResolver) => createTestKernel({ env: { ALLOWED_INTERNAL_HOSTS: allow }, resolveHost });
const createApi = (token: string, webhookUrl: string) => t.call("POST", "/whatsapp", { token, body: { name: "Integração", channel: "api", webhookUrl } });
const log = () => t.kernel.db.select().from(apiWebhookDeliveries).orderBy(asc(apiWebhookDeliveries.id));
/** Queues one webhook (a ticket deletion) for the connection and runs the outbox. */
async function deliverOne(api: { id: number; companyId: number }) {
  await t.kernel.bus.emit("tickets.ticket.deleted", { companyId: api.companyId, ticketId: 42, whatsappId: api.id });
  await t.kernel.jobs.runDue();
}
/** A loopback server counting what reaches it: the "internal service" an attacker aims at. */
async function internalService(answer: (port: number) => { status: number; headers?: Record<string, string> } = () => ({ status: 200 })) {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? "");
    const { status, headers } = answer((server.address() as AddressInfo).port);
    res.writeHead(status, headers).end("internal secret");
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}
const FORBIDDEN = /^Forbidden address \(/;

describe("webhookUrl SSRF guard: happy", () => {
  it("a loopback receiver the operator lists in ALLOWED_INTERNAL_HOSTS is saved and receives webhooks", async () => {
    t = await kernel("127.0.0.1");
    const admin = (await t.login()).token;
    let token = "";
    receiver = await startReceiver(() => token);
    const res = await createApi(admin, receiver.url);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    token = res.body.token;
    await deliverOne(res.body);
    expect(receiver.received).toHaveLength(1);
    expect(await log()).toMatchObject([{ ok: true, statusCode: 200, error: null }]);
  });
});

describe("webhookUrl SSRF guard: errors", () => {
  it("saving a loopback URL without the allow-list is a field error, on create and on update", async () => {
    t = await kernel();
    const admin = (await t.login()).token;
    const service = await internalService();
    const created = await createApi(admin, `${service.url}/hook`);
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ error: "ERR_VALIDATION", fields: { webhookUrl: expect.stringMatching(/^Forbidden address \(loopback\); .*ALLOWED_INTERNAL_HOSTS/) } });
    expect((await t.call("GET", "/whatsapp", { token: admin })).body).toHaveLength(0);
    const api = await createConnection(t, admin, { channel: "api", webhookUrl: "" });
    for (const url of [`${service.url}/hook`, "http://2130706433/", "http://0x7f.1/", "http://[::ffff:127.0.0.1]/", "http://10.0.0.7/", "http://192.168.0.1/"]) {
      const res = await t.call("PUT", `/whatsapp/${api.id}`, { token: admin, body: { webhookUrl: url } });
      expect(res.status, url).toBe(400);
      expect(res.body.fields.webhookUrl, url).toMatch(FORBIDDEN);
    }
    expect((await t.call("GET", `/whatsapp/${api.id}`, { token: admin })).body.webhookUrl).toBe("");
    expect(service.hits).toEqual([]);
  });

  it("a host name that resolves to loopback (localhost) is refused at save", async () => {
    t = await kernel();
    const admin = (await t.login()).token;
    for (const url of ["http://localhost:5678/webhook", "http://LOCALHOST.:5678/webhook"]) {
      const res = await createApi(admin, url);
      expect(res.status, url).toBe(400);
      expect(res.body.fields.webhookUrl, url).toMatch(/^Forbidden address \(loopback\)/);
    }
  });
});

describe("webhookUrl SSRF guard: security", () => {
  it("the metadata address is refused even when 169.254.0.0/16 is listed", async () => {
    t = await kernel("169.254.0.0/16, 169.254.169.254");
    const admin = (await t.login()).token;
    for (const url of ["http://169.254.169.254/latest/meta-data/", "http://2852039166/", "http://[::ffff:169.254.169.254]/", "http://[fd00:ec2::254]/"]) {
      const res = await createApi(admin, url);
      expect(res.status, url).toBe(400);
      expect(res.body.fields.webhookUrl, url).toMatch(/^Forbidden address \(metadata\)$/);
    }
    const linkLocal = await createApi(admin, "http://169.254.10.20/");
    expect(linkLocal.body.fields.webhookUrl).toBe("Forbidden address (link-local)");
  });

  it("a URL saved while public is refused at delivery once its DNS points inside, logged without status or timing", async () => {
    const service = await internalService();
    const port = new URL(service.url).port;
    const dns: Record<string, string[]> = { "hooks.example": ["93.184.216.34"] };
    t = await kernel("", async (name) => dns[name] ?? loopbackResolver(name));
    const admin = (await t.login()).token;
    const api = await createConnection(t, admin, { channel: "api", webhookUrl: `http://hooks.example:${port}/hook` });
    dns["hooks.example"] = ["127.0.0.1"]; // DNS rebinding after the save
    await deliverOne(api);
    expect(service.hits).toEqual([]);
    const rows = await log();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ok: false, statusCode: null, durationMs: 0, error: expect.stringMatching(/^Forbidden address \(loopback\)/) });
    const shown = await t.call("GET", `/channels/api/deliveries?whatsappId=${api.id}`, { token: admin });
    expect(shown.body.records[0]).toMatchObject({ ok: false, statusCode: null, durationMs: 0 });
    expect(JSON.stringify(shown.body)).not.toContain("internal secret");
    expect(JSON.stringify(shown.body)).not.toContain("127.0.0.1");
  });

  it("a redirect to an internal address is not followed", async () => {
    const internal = await internalService();
    const bouncer = await internalService(() => ({ status: 307, headers: { location: `${internal.url}/latest/meta-data/` } }));
    // Only the bouncer's port is reachable in spirit; both listen on loopback, so what is
    // proven is that no redirect is followed at all.
    t = await kernel("127.0.0.1");
    const admin = (await t.login()).token;
    const api = await createConnection(t, admin, { channel: "api", webhookUrl: `${bouncer.url}/hook` });
    await deliverOne(api);
    expect(bouncer.hits).toEqual(["/hook"]);
    expect(internal.hits).toEqual([]);
    expect(await log()).toMatchObject([{ ok: false, statusCode: 307 }]);
  });
});
