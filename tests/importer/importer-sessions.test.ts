import { BufferJSON, initAuthCreds } from "@whiskeysockets/baileys";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ServerPlugin } from "../../core/plugin/server-plugin.ts";
import { createWhatsappPlugin } from "../../plugins/whatsapp/server/index.ts";
import { AuthStore } from "../../plugins/whatsapp/server/session/auth-state.ts";
import { fastTuning } from "../../plugins/whatsapp/server/session/session.fixtures.ts";
import { FakeWaBoundary } from "../../plugins/whatsapp/server/testing/fake-wa-socket.ts";
import { SESSIONS_LINE } from "../../tools/importer/sessions.ts";
import { createClient } from "redis";
import { startRedis } from "../support/redis-server.ts";
import { createTestKernel, serverPlugins } from "../support/test-kernel.ts";
import { runImporter, targetDirs } from "./run-cli.ts";
import { SEEDED, type SourceFixture, startSource } from "./source-fixture.ts";

/**
 * Issue 31, optional part: `--with-sessions` brings the Baileys auth state an older fork keeps
 * in `Whatsapps.session` (`{creds, keys}`, BufferJSON, plural key names) into our driver's
 * store, so the server resumes the connection at boot without a QR. Off by default.
 */
const ME = "5511912345678:7@s.whatsapp.net";
const creds = { ...initAuthCreds(), me: { id: ME, name: "Loja Azul" }, registered: true };
const preKey = { private: Buffer.from("pre-key-private-32-bytes-xxxxxxx"), public: Buffer.from("pre-key-public-32-bytes-xxxxxxxx") };
const signalSession = Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]);
const OLD_SESSION = JSON.stringify(
  {
    creds,
    keys: {
      preKeys: { "1": preKey },
      sessions: { "5511999990001.0": signalSession },
      appStateSyncKeys: { AAAAAB: { keyData: Buffer.from("app-state-key"), fingerprint: { rawId: 1, currentIndex: 0, deviceIndexes: [0] }, timestamp: 1700000000 } },
      unknownThing: { x: 1 },
    },
  },
  BufferJSON.replacer,
);

let source: SourceFixture;
const targets = targetDirs();
const freshDataDir = targets.fresh;
beforeAll(async () => {
  source = await startSource();
  await source.db.query(`UPDATE "Whatsapps" SET session = $1 WHERE id = 1`, [OLD_SESSION]);
}, 60_000);
afterAll(async () => {
  await source?.close();
  targets.removeAll();
});

/** A kernel on the imported data whose WhatsApp driver talks to a fake socket (as a real boot would resume it). */
async function bootOn(dataDir: string) {
  const boundary = new FakeWaBoundary();
  const whatsapp = createWhatsappPlugin({ boundary, tuning: fastTuning });
  const plugins: ServerPlugin[] = serverPlugins.map((p) => (p.manifest.id === "whatsapp" ? whatsapp : p));
  const t = await createTestKernel({ dataDir, plugins });
  const { token } = await t.login(SEEDED.owner.email, SEEDED.owner.password);
  const conns = await t.call("GET", "/whatsapp", { token });
  const conn = conns.body.find((c: { name: string }) => c.name === "Loja WhatsApp");
  const store = new AuthStore(t.kernel.db, t.kernel.vault, t.kernel.log);
  return { t, boundary, conn, store };
}

describe("whaticket import: --with-sessions", () => {
  it("off by default: the session stays behind and the connection needs a QR", async () => {
    const dataDir = freshDataDir();
    const run = await runImporter(dataDir, ["--from", source.url, "--media", source.mediaDir]);
    expect(run.code, run.stdout).toBe(0);
    expect(run.report!.tables[SESSIONS_LINE]).toBeUndefined();
    expect(run.stderr).not.toContain("--with-sessions");
    const { t, conn, store } = await bootOn(dataDir);
    try {
      expect(await store.resumable(conn.id)).toBe(false);
    } finally {
      await t.kernel.stop();
    }
  }, 120_000);

  it("moves creds and keys into the driver's store: the driver loads them, the boot resumes the connection without a QR; the warning is printed; a second run keeps ours", async () => {
    const dataDir = freshDataDir();
    const run = await runImporter(dataDir, ["--from", source.url, "--media", source.mediaDir, "--with-sessions"]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.report!.tables[SESSIONS_LINE]).toMatchObject({ read: 1, imported: 1, skipped: 0 });
    expect(run.stderr).toContain("Stop the old server before you start this one");
    expect(run.stdout).toContain("two servers on one WhatsApp session get both disconnected");

    const again = await runImporter(dataDir, ["--from", source.url, "--media", source.mediaDir, "--with-sessions"]);
    expect(again.report!.tables[SESSIONS_LINE]).toMatchObject({ read: 1, imported: 0, existing: 1 });

    const { t, boundary, conn, store } = await bootOn(dataDir);
    try {
      expect(conn.status).toBe("DISCONNECTED");
      // Not "needs QR": the driver counts it as a paired session to resume.
      expect(await store.resumable(conn.id)).toBe(true);
      const auth = await store.load(conn.companyId, conn.id);
      expect(auth.state.creds.me?.id).toBe(ME);
      expect(auth.state.creds.registered).toBe(true);
      expect(Buffer.from(auth.state.creds.noiseKey.private)).toEqual(Buffer.from(creds.noiseKey.private));
      expect(Buffer.from(auth.state.creds.signedPreKey.keyPair.public)).toEqual(Buffer.from(creds.signedPreKey.keyPair.public));
      const pre = await auth.state.keys.get("pre-key", ["1"]);
      expect(Buffer.from(pre["1"]!.private)).toEqual(preKey.private);
      const sessions = await auth.state.keys.get("session", ["5511999990001.0"]);
      expect(Buffer.from(sessions["5511999990001.0"]!)).toEqual(signalSession);
      const sync = await auth.state.keys.get("app-state-sync-key", ["AAAAAB"]);
      expect(Buffer.from(sync.AAAAAB!.keyData!)).toEqual(Buffer.from("app-state-key"));

      // The boot resumes it: a socket opens with the imported credentials, no QR asked for.
      await t.kernel.start();
      const socket = await vi.waitFor(
        () => {
          const s = boundary.sockets.find((x) => x.options.whatsappId === conn.id);
          if (!s) throw new Error("not resumed yet");
          return s;
        },
        { timeout: 5_000, interval: 20 },
      );
      expect(socket.options.auth.creds.me?.id).toBe(ME);
    } finally {
      await t.kernel.stop();
    }
  }, 180_000);

  it("later forks keep the keys in Redis (sessions:{id}:creds, sessions:{id}:{type}-{id}): --sessions-redis reads them there", async () => {
    const redis = await startRedis();
    // A source whose Whatsapps.session holds no paired device (`{"creds":{}}`).
    const later = await startSource();
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      await client.set("sessions:1:creds", JSON.stringify(creds, BufferJSON.replacer));
      await client.set("sessions:1:pre-key-1", JSON.stringify(preKey, BufferJSON.replacer));
      await client.set("sessions:1:session-5511999990001.0", JSON.stringify(signalSession, BufferJSON.replacer));
      await client.set("sessions:1:sender-key-memory-120363000000000001@g.us", JSON.stringify({ "5511999990001:3@s.whatsapp.net": true }));
      await client.set("sessions:2:creds", "{}");
      const dataDir = freshDataDir();
      const run = await runImporter(dataDir, ["--from", later.url, "--media", later.mediaDir, "--with-sessions", "--sessions-redis", redis.url]);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.report!.tables[SESSIONS_LINE]).toMatchObject({ read: 1, imported: 1 });
      const { t, conn, store } = await bootOn(dataDir);
      try {
        expect(await store.resumable(conn.id)).toBe(true);
        const auth = await store.load(conn.companyId, conn.id);
        expect(auth.state.creds.me?.id).toBe(ME);
        expect(Buffer.from((await auth.state.keys.get("pre-key", ["1"]))["1"]!.public)).toEqual(preKey.public);
        expect(Buffer.from((await auth.state.keys.get("session", ["5511999990001.0"]))["5511999990001.0"]!)).toEqual(signalSession);
        expect((await auth.state.keys.get("sender-key-memory", ["120363000000000001@g.us"]))["120363000000000001@g.us"]).toEqual({ "5511999990001:3@s.whatsapp.net": true });
      } finally {
        await t.kernel.stop();
      }
      const bad = await runImporter(freshDataDir(), ["--from", later.url, "--sessions-redis", redis.url]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("--sessions-redis needs --with-sessions");
    } finally {
      await client.close();
      await later.close();
      await redis.stop();
    }
  }, 180_000);
});
