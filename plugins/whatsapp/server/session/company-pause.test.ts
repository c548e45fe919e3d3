import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin } from "../../../../tests/support/fixtures.ts";
import { whatsappAuthKeys } from "../../schema/tables.ts";
import { FakeWaBoundary } from "../testing/fake-wa-socket.ts";
import { createWhatsapp, sessionKernel, type SessionKernel, sleep, socketOf, socketsOf, until } from "./session.fixtures.ts";

/**
 * A disabled company's WhatsApp sessions stop (keys kept) and stay stopped, at boot too,
 * until the company is enabled again; an overdue company keeps them (spec 001 §4).
 * Companies change through the companies plugin's PUT /companies/{id}, as the super user does.
 */
let k: SessionKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
let superToken: string;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function boot(boundary?: FakeWaBoundary, env?: Record<string, string>) {
  k = await sessionKernel({ boundary, env });
  cleanups.push(() => k.t.close());
  superToken = (await k.t.login()).token;
}

async function connect(id: number, number = "5511999990000") {
  await k.t.call("POST", `/whatsappsession/${id}`, { token: a.token });
  const socket = await socketOf(k.boundary, id, socketsOf(k.boundary, id).length || 1);
  socket.pair(number);
  await until(k.t, a.token, id, (c) => c.status === "CONNECTED");
  return socket;
}

const setCompany = async (body: Record<string, unknown>) => expect((await k.t.call("PUT", `/companies/${a.company.id}`, { token: superToken, body })).status).toBe(200);
const keyCount = async (id: number) => (await k.t.kernel.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.whatsappId, id))).length;
/** Read straight from the row: the disabled company's own token cannot ask. */
const statusOf = async (id: number) => (await k.t.kernel.database.client.execute({ sql: "SELECT status FROM whatsapps WHERE id = ?", args: [id] })).rows[0]?.status;

describe("whatsapp sessions: a disabled company", () => {
  it("its sessions end without logging out, keys kept, DISCONNECTED; enabling it resumes them without a QR", async () => {
    await boot();
    a = await createCompanyWithAdmin(k.t, "Alfa");
    const conn = await createWhatsapp(k.t, a.token);
    const first = await connect(conn.id);
    await setCompany({ status: false });
    expect(first.ended).toBe(true);
    expect(first.loggedOut).toBe(false);
    expect(await keyCount(conn.id)).toBeGreaterThan(0);
    expect(await statusOf(conn.id)).toBe("DISCONNECTED");
    await sleep(60);
    expect(socketsOf(k.boundary, conn.id)).toHaveLength(1); // no reconnect while disabled

    await setCompany({ status: true });
    const second = await socketOf(k.boundary, conn.id, 2);
    expect(second.options.auth.creds.registered).toBe(true);
    second.emit("connection.update", { connection: "open" });
    await until(k.t, a.token, conn.id, (c) => c.status === "CONNECTED");
  });

  it("a server booting while the company is disabled leaves its sessions stopped until it is enabled", async () => {
    // The first server is stopped, not closed: the second one boots on its data dir.
    k = await sessionKernel();
    superToken = (await k.t.login()).token;
    const dataDir = k.t.dataDir;
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    a = await createCompanyWithAdmin(k.t, "Alfa");
    const conn = await createWhatsapp(k.t, a.token);
    await connect(conn.id);
    await setCompany({ status: false });
    await k.t.kernel.stop();

    const boundary = new FakeWaBoundary();
    await boot(boundary, { DATA_DIR: dataDir });
    await k.t.kernel.start();
    await sleep(80);
    expect(socketsOf(boundary, conn.id)).toHaveLength(0);
    await setCompany({ status: true });
    const resumed = await socketOf(boundary, conn.id);
    expect(resumed.options.auth.creds.registered).toBe(true);
  });
});

describe("whatsapp sessions: an overdue company", () => {
  it("keeps its sessions: customers' messages still arrive", async () => {
    await boot();
    a = await createCompanyWithAdmin(k.t, "Alfa");
    const conn = await createWhatsapp(k.t, a.token);
    const socket = await connect(conn.id);
    const invalidate = vi.spyOn(k.t.kernel.companyAccess, "invalidate");
    await setCompany({ dueDate: "2001-01-01" });
    expect(invalidate).toHaveBeenCalledWith(a.company.id);
    expect(socket.ended).toBe(false);
    expect(await statusOf(conn.id)).toBe("CONNECTED");
  });
});
