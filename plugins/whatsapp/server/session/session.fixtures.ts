import { vi } from "vitest";
import type { PluginContext, ServerPlugin } from "../../../../core/plugin/server-plugin.ts";
import { createTestKernel, serverPlugins, type TestKernel } from "../../../../tests/support/test-kernel.ts";
import { createWhatsappPlugin } from "../index.ts";
import { FakeWaBoundary, type FakeWaSocket } from "../testing/fake-wa-socket.ts";
import type { SessionTuning } from "./tuning.ts";

/** Timers short enough for tests; long loops stay out of the way unless a test shortens them. */
export const fastTuning: Partial<SessionTuning> = {
  backoffBaseMs: 20,
  backoffCapMs: 40,
  bootStaggerMs: 10,
  bootJitterMs: 5,
  leaseRenewMs: 60_000,
  watchdogIntervalMs: 60_000,
  silenceMs: 60 * 60_000,
  pairingTimeoutMs: 3_000,
};

export interface SessionKernel {
  t: TestKernel;
  boundary: FakeWaBoundary;
  /** The whatsapp plugin's context (to build a second SessionManager, as another server would). */
  ctx: PluginContext;
}

/** A test kernel whose whatsapp plugin talks to a FakeWaBoundary with fast timers. */
export async function sessionKernel(opts: { tuning?: Partial<SessionTuning>; env?: Record<string, string>; boundary?: FakeWaBoundary } = {}): Promise<SessionKernel> {
  const boundary = opts.boundary ?? new FakeWaBoundary();
  const holder: { ctx?: PluginContext } = {};
  const real = createWhatsappPlugin({ boundary, tuning: { ...fastTuning, ...opts.tuning } });
  const plugin: ServerPlugin = { ...real, setup: (ctx) => ((holder.ctx = ctx), real.setup(ctx)) };
  const t = await createTestKernel({ plugins: serverPlugins.map((p) => (p.manifest.id === "whatsapp" ? plugin : p)), env: opts.env });
  return { t, boundary, ctx: holder.ctx! };
}

/** A connection of channel "whatsapp" (or the given one), created over HTTP. */
export async function createWhatsapp(t: TestKernel, token: string, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await t.call("POST", "/whatsapp", { token, body: { name: `Zap ${Math.random().toString(36).slice(2, 7)}`, channel: "whatsapp", ...body } });
  if (res.status !== 200) throw new Error(`connection: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function connectionOf(t: TestKernel, token: string, id: number): Promise<Record<string, any>> {
  return (await t.call("GET", `/whatsapp/${id}`, { token })).body;
}

/** Waits for the fake socket number `n` (1-based) of a connection to exist. */
export async function socketOf(boundary: FakeWaBoundary, whatsappId: number, n = 1): Promise<FakeWaSocket> {
  return vi.waitFor(
    () => {
      const mine = boundary.sockets.filter((s) => s.options.whatsappId === whatsappId);
      if (mine.length < n) throw new Error(`socket ${n} of ${whatsappId} not made yet (${mine.length})`);
      return mine[n - 1]!;
    },
    { timeout: 3_000, interval: 5 },
  );
}

export function socketsOf(boundary: FakeWaBoundary, whatsappId: number): FakeWaSocket[] {
  return boundary.sockets.filter((s) => s.options.whatsappId === whatsappId);
}

/** Polls the connection until `check` holds (status changes are asynchronous to socket events). */
export async function until(t: TestKernel, token: string, id: number, check: (c: Record<string, any>) => boolean): Promise<Record<string, any>> {
  return vi.waitFor(
    async () => {
      const c = await connectionOf(t, token, id);
      if (!check(c)) throw new Error(`connection ${id} is ${c.status} (${c.qrcode})`);
      return c;
    },
    { timeout: 3_000, interval: 10 },
  );
}

/** The whatsappSession events a realtime spy saw. */
export function sessionEvents(emit: { mock: { calls: unknown[][] } }, companyId: number): any[] {
  return emit.mock.calls.filter((c) => c[1] === `company-${companyId}-whatsappSession`).map((c) => c[2]);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
