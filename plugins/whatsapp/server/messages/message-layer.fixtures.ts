import type { WAMessage } from "@whiskeysockets/baileys";
import { defineServerPlugin } from "../../../../core/plugin/server-plugin.ts";
import { createTestKernel, serverPlugins, type TestKernel } from "../../../../tests/support/test-kernel.ts";
import { manifest } from "../../plugin.ts";
import { migrations } from "../../schema/migrations/migrations.gen.ts";
import type { PluginJobs } from "../../../../core/jobs/jobs.ts";
import { sessionResource } from "../session/leases.ts";
import type { LiveSession, SessionRegistry } from "../session/session-registry.ts";
import { FakeWaBoundary, type FakeWaSocket } from "../testing/fake-wa-socket.ts";
import { type MessageLayer, registerMessageLayer } from "./message-layer.ts";

/**
 * A SessionRegistry double: the message layer's tests open and close sessions by hand
 * (FakeWaSockets from a FakeWaBoundary) so they do not depend on the session layer. Like the
 * session manager holding the lease, opening a session holds its job resource (the
 * connection's deliveries are claimed here); closing one is a socket lost while the lease stays.
 */
export class TestSessions implements SessionRegistry {
  private attachers: ((session: LiveSession) => (() => void) | undefined)[] = [];
  private sessions = new Map<number, LiveSession & { detach: (() => void)[] }>();
  /** The plugin's jobs, set by the harness's setup. */
  jobs?: PluginJobs;

  constructor(readonly boundary: FakeWaBoundary) {}

  onSocket(attach: (session: LiveSession) => (() => void) | undefined): void {
    this.attachers.push(attach);
  }

  live(whatsappId: number): LiveSession | undefined {
    return this.sessions.get(whatsappId);
  }

  connectedOf(companyId: number): LiveSession[] {
    return [...this.sessions.values()].filter((s) => s.companyId === companyId && s.connected).sort((a, b) => a.whatsappId - b.whatsappId);
  }

  /** A new socket for the connection, paired and connected, with the layer attached (a reconnect replaces the old one). */
  open(companyId: number, whatsappId: number, number = "5511900000001"): FakeWaSocket {
    this.close(whatsappId);
    const socket = this.boundary.makeSocket({ companyId, whatsappId, auth: {} as never, syncFullHistory: true, getMessage: async () => undefined });
    socket.pair(number);
    const session = { companyId, whatsappId, socket, connected: true, detach: [] as (() => void)[] };
    for (const attach of this.attachers) {
      const off = attach(session);
      if (off) session.detach.push(off);
    }
    this.sessions.set(whatsappId, session);
    this.jobs?.hold(sessionResource(whatsappId));
    return socket;
  }

  close(whatsappId: number): void {
    const session = this.sessions.get(whatsappId);
    if (!session) return;
    for (const off of session.detach) off();
    this.sessions.delete(whatsappId);
  }
}

export interface WaHarness {
  t: TestKernel;
  boundary: FakeWaBoundary;
  sessions: TestSessions;
  layer: MessageLayer;
  admin: { token: string; companyId: number; userId: number };
  connection: { id: number; companyId: number };
  socket: FakeWaSocket;
  /** Delivers messages and waits until the layer stored them. */
  deliver(messages: WAMessage[], type?: "notify" | "append", socket?: FakeWaSocket): Promise<void>;
}

/**
 * A kernel with every installed plugin, the whatsapp plugin replaced by one that runs only
 * the message layer against TestSessions, a "whatsapp" connection of the admin's company
 * and its session open.
 */
export async function waHarness(options: { env?: Record<string, string>; connection?: Record<string, unknown> } = {}): Promise<WaHarness> {
  const boundary = new FakeWaBoundary();
  const sessions = new TestSessions(boundary);
  let layer: MessageLayer | undefined;
  const plugin = defineServerPlugin({
    manifest,
    migrations,
    setup(ctx) {
      sessions.jobs = ctx.jobs;
      layer = registerMessageLayer(ctx, sessions, boundary, { importIdleMs: 200, ackRetryMs: 30 });
    },
  });
  const t = await createTestKernel({ plugins: [...serverPlugins.filter((p) => p.manifest.id !== "whatsapp"), plugin], env: options.env });
  const login = await t.login();
  const admin = { token: login.token, companyId: login.user.companyId as number, userId: login.user.id as number };
  const connection = await createWaConnection(t, admin.token, options.connection);
  const socket = sessions.open(admin.companyId, connection.id);
  const harness: WaHarness = {
    t,
    boundary,
    sessions,
    layer: layer!,
    admin,
    connection,
    socket,
    async deliver(messages, type = "notify", target = harness.socket) {
      target.deliver(messages, type);
      await harness.layer.idle();
    },
  };
  return harness;
}

export async function createWaConnection(t: TestKernel, token: string, body: Record<string, unknown> = {}) {
  const res = await t.call("POST", "/whatsapp", { token, body: { name: `WhatsApp ${Math.random().toString(36).slice(2, 7)}`, channel: "whatsapp", ...body } });
  if (res.status !== 200) throw new Error(`connection: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; companyId: number };
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const BOOLEANS = new Set(["fromMe", "isDeleted", "isEdited", "isPrivate", "isForwarded", "isGroup"]);

/**
 * Rows of another plugin's tables by plain SQL (a plugin never imports another plugin's
 * tables), for asserting exactly what was written.
 */
export async function rows(t: TestKernel, table: "messages" | "tickets" | "contacts" | "whatsapp_lid_map" | "whatsapp_imported_tickets" | "whatsapp_polls", companyId: number) {
  const res = await t.kernel.database.client.execute({ sql: `SELECT * FROM ${table} WHERE company_id = ? ORDER BY id`, args: [companyId] });
  return res.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), BOOLEANS.has(camel(k)) ? Boolean(v) : v]))) as Record<string, any>[];
}

/** The stored message of a WhatsApp id. */
export async function messageOf(t: TestKernel, companyId: number, providerId: string) {
  return (await rows(t, "messages", companyId)).find((m) => m.providerId === providerId);
}

/** Waits (briefly) until `check` holds: for timers the layer arms itself (ack retries, import idle). */
export async function eventually(check: () => Promise<boolean> | boolean, ms = 2_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}
