import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestKernel } from "../support/test-kernel.ts";
import { runImporter, targetDirs } from "./run-cli.ts";
import { SEEDED, type SourceFixture, startSource } from "./source-fixture.ts";

/**
 * Issue 31: a Whaticket-family database (PGlite over the wire) imported by the command, then
 * checked through the real HTTP API on the imported data: the old users sign in with their
 * old passwords and see their queues, tickets and conversations with media.
 */
let source: SourceFixture;
const targets = targetDirs();
const freshDataDir = targets.fresh;
beforeAll(async () => {
  source = await startSource();
}, 60_000);
afterAll(async () => {
  await source?.close();
  targets.removeAll();
});

describe("whaticket import: happy path", () => {
  it("imports, counts match, the old owner signs in with the old password and sees queues, tickets and messages with media; a second run adds nothing", async () => {
    const dataDir = freshDataDir();
    const first = await runImporter(dataDir, ["--from", source.url, "--media", source.mediaDir]);
    expect(first.code, first.stderr + first.stdout).toBe(0);
    const tables = first.report!.tables;
    expect(tables.Messages).toMatchObject({ read: 6, imported: 6, skipped: 0 });
    expect(tables.Tickets).toMatchObject({ read: 2, imported: 2 });
    expect(tables.Users).toMatchObject({ read: 3, imported: 2, existing: 1 });
    expect(tables.Companies).toMatchObject({ read: 2, imported: 1, existing: 1 });
    expect(tables.Chatbots).toMatchObject({ imported: 3 });
    expect(tables.ContactWallets).toMatchObject({ read: 3, imported: 2, skipped: 1 });
    expect(first.report!.missingMedia).toEqual([`company2/${SEEDED.missingMedia}`]);
    expect(first.report!.unknownColumns.Contacts).toEqual(["crmCode"]);
    expect(first.report!.unknownTables).toContain("Versions");
    expect(first.stdout).toContain("missing media files (1)");

    const again = await runImporter(dataDir, ["--from", source.url, "--media", source.mediaDir]);
    expect(again.code).toBe(0);
    for (const [table, c] of Object.entries(again.report!.tables)) expect(c.imported, table).toBe(0);
    expect(again.report!.tables.Messages).toMatchObject({ read: 6, existing: 6 });

    const t = await createTestKernel({ dataDir });
    try {
      const { token, user } = await t.login(SEEDED.owner.email, SEEDED.owner.password);
      expect(user).toMatchObject({ email: SEEDED.owner.email, profile: "admin", super: false });
      expect(user.company.name).toBe(SEEDED.company);
      const queues = await t.call("GET", "/queue", { token });
      expect(queues.status).toBe(200);
      expect(queues.body.map((q: { name: string }) => q.name).sort()).toEqual([...SEEDED.queues].sort());
      const vendas = queues.body.find((q: { name: string }) => q.name === "Vendas");
      expect(vendas.schedules.find((d: { weekdayEn: string }) => d.weekdayEn === "monday")).toMatchObject({ startTimeA: "09:00", endTimeA: "17:00" });

      const open = await t.call("GET", "/tickets?status=open&showAll=true", { token });
      expect(open.status).toBe(200);
      const ticket = open.body.tickets.find((x: { uuid: string }) => x.uuid === "6f1c1f0e-9a55-4d7e-8f59-1b0d4a9f0a01");
      expect(ticket).toBeTruthy();
      expect(ticket.contact.name).toBe("Maria Cliente");

      const msgs = await t.call("GET", `/messages/${ticket.uuid}`, { token });
      expect(msgs.status).toBe(200);
      const bodies = msgs.body.messages.map((m: { body: string }) => m.body);
      expect(bodies).toEqual(["Olá, preciso de ajuda", "Claro! Em que posso ajudar?", "foto.jpg", "contrato.pdf"]);
      const [asked, answer, photo, lost] = msgs.body.messages;
      expect(answer.quotedMsgId).toBe(asked.id);
      expect(answer).toMatchObject({ fromMe: true, ack: 3 });
      expect(photo.mediaUrl).toMatch(new RegExp(`^/public/company${user.companyId}/[A-Za-z0-9_-]{21}\\.jpg$`));
      expect(lost.mediaUrl).toBeNull();
      const file = await t.kernel.app.request(photo.mediaUrl);
      expect(file.status).toBe(200);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(SEEDED.media.bytes);

      const closed = await t.call("GET", "/tickets?status=closed&showAll=true", { token });
      const old = closed.body.tickets.find((x: { uuid: string }) => x.uuid === "6f1c1f0e-9a55-4d7e-8f59-1b0d4a9f0a02");
      expect(old.userRating).toMatchObject({ rate: 4 });

      const quick = await t.call("GET", "/quick-messages/list", { token });
      expect(quick.status).toBe(200);
      // The attendant also signs in with the old password (rehashed to argon2id on the way).
      const bruno = await t.login(SEEDED.attendant.email, SEEDED.attendant.password);
      // Wallets: Maria and João are Bruno's contacts (Maria's second wallet row was one too many here).
      const found = await t.call("GET", "/contacts?searchParam=Cliente", { token });
      expect(found.status).toBe(200);
      const walletOf = async (name: string) => {
        const contact = found.body.contacts.find((c: { name: string }) => c.name === name);
        return (await t.call("GET", `/contacts/${contact.id}`, { token })).body.walletUserId;
      };
      expect(await walletOf("Maria Cliente")).toBe(bruno.user.id);
      expect(await walletOf("João Cliente")).toBe(bruno.user.id);
    } finally {
      await t.kernel.stop();
    }
  }, 180_000);

  it("--dry-run reads and validates everything and writes nothing", async () => {
    const dataDir = freshDataDir();
    const dry = await runImporter(dataDir, ["--from", source.url, "--media", source.mediaDir, "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.report!.dryRun).toBe(true);
    expect(dry.report!.tables.Messages).toMatchObject({ read: 6, imported: 6 });
    const real = await runImporter(dataDir, ["--from", source.url, "--media", source.mediaDir]);
    expect(real.report!.tables.Messages).toMatchObject({ imported: 6, existing: 0 });
  }, 120_000);
});

describe("whaticket import: interrupted and bad input", () => {
  it("a run killed after a few rows resumes where it stopped and ends with every row once", async () => {
    const dataDir = freshDataDir();
    const killed = await runImporter(dataDir, ["--from", source.url, "--media", source.mediaDir, "--page-size", "2"], { IMPORT_STOP_AFTER_ROWS: "12" });
    expect(killed.code).toBe(75);
    const resumed = await runImporter(dataDir, ["--from", source.url, "--media", source.mediaDir, "--page-size", "2"]);
    expect(resumed.code, resumed.stdout).toBe(0);
    const t = resumed.report!.tables;
    expect(t.Users!.imported + t.Users!.existing).toBe(3);
    expect(t.Messages).toMatchObject({ read: 6, imported: 6 });
    const third = await runImporter(dataDir, ["--from", source.url, "--media", source.mediaDir, "--page-size", "2"]);
    for (const [table, c] of Object.entries(third.report!.tables)) expect(c.imported, table).toBe(0);
  }, 180_000);

  it("a missing table, a broken row and an unreachable source each give a report line, never a crash", async () => {
    const broken = await startSource();
    try {
      await broken.db.exec(`DROP TABLE "QuickMessages"`);
      // A ticket whose contact is gone, its message, and a log of a type unknown here.
      await broken.db.exec(`INSERT INTO "Tickets" (status, "contactId", "whatsappId", "companyId") VALUES ('closed', 999, 1, 2)`);
      await broken.db.exec(`INSERT INTO "Messages" (body, "ticketId", "companyId", wid) VALUES ('órfã', 3, 2, 'ORPHAN1')`);
      await broken.db.exec(`INSERT INTO "LogTickets" ("ticketId", type) VALUES (1, 'teleported')`);
      const run = await runImporter(freshDataDir(), ["--from", broken.url, "--media", broken.mediaDir]);
      expect(run.code).toBe(1);
      expect(run.report!.errors).toContain('source table "QuickMessages" is missing: nothing imported from it');
      expect(run.report!.tables.Tickets).toMatchObject({ imported: 2, skipped: 1, reasons: { "its contact was not imported": 1 } });
      expect(run.report!.tables.Messages).toMatchObject({ imported: 6, skipped: 1, reasons: { "its ticket was not imported": 1 } });
      expect(run.stdout).toContain("skipped 1: its ticket was not imported");
      expect(run.report!.tables.LogTickets!.reasons).toEqual({ 'log type "teleported" unknown here': 1 });
    } finally {
      await broken.close();
    }
    const closedPort = source.url.replace(/:(\d+)\//, ":9/");
    const unreachable = await runImporter(freshDataDir(), ["--from", closedPort.replace("postgres:postgres@", "postgres:wrong-secret@")]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.report!.errors[0]).toMatch(/^cannot read the source database postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:9\/postgres/);
    expect(unreachable.stdout).not.toContain("wrong-secret");
    const bad = await runImporter(freshDataDir(), ["--from", "http://x"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--from must be a postgres:// or mysql:// URL");
  }, 180_000);
});
