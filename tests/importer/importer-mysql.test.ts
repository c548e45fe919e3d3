import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasMariaDb } from "../support/mariadb.ts";
import { createTestKernel } from "../support/test-kernel.ts";
import { MYSQL_SEEDED, type MysqlSourceFixture, startMysqlSource } from "./mysql-source.ts";
import { runImporter, targetDirs } from "./run-cli.ts";

/**
 * Issue 31 on a fork that runs MySQL/MariaDB: Debian's MariaDB on a loopback port with the
 * Sequelize MySQL shapes (backtick CamelCase, TINYINT booleans, DATETIME without a zone, JSON),
 * imported through a `mysql://` URL and checked through the real HTTP API. MariaDB checks
 * passwords, so a wrong one in the URL is tested here (PGlite accepts any password).
 */
let source: MysqlSourceFixture;
const targets = targetDirs();
const freshDataDir = targets.fresh;
// Without MariaDB the file skips locally; in CI (which installs it) a missing server fails instead of hiding the tests.
const describeMaria = hasMariaDb() || process.env.CI ? describe : describe.skip;

beforeAll(async () => {
  if (hasMariaDb() || process.env.CI) source = await startMysqlSource();
}, 90_000);
afterAll(async () => {
  await source?.close();
  targets.removeAll();
});

describeMaria("whaticket import from MariaDB (mysql://)", () => {
  it("imports the MySQL shapes; the old owner signs in with the old password and sees queues, the ticket and its messages with media; a second run adds nothing", async () => {
    const dataDir = freshDataDir();
    const first = await runImporter(dataDir, ["--from", source.url, "--media", source.mediaDir]);
    expect(first.code, first.stderr + first.stdout).toBe(0);
    const tables = first.report!.tables;
    expect(first.report!.errors).toEqual([]);
    expect(first.report!.source).toMatch(/^mysql:\/\/whaticket:\*\*\*@127\.0\.0\.1:\d+\/whaticket$/);
    expect(tables.Companies).toMatchObject({ read: 2, imported: 1, existing: 1 });
    expect(tables.Users).toMatchObject({ read: 3, skipped: 0 });
    expect(tables.Users!.imported + tables.Users!.existing).toBe(3);
    expect(tables.Queues).toMatchObject({ read: 2, imported: 2 });
    expect(tables.Chatbots).toMatchObject({ read: 2, imported: 2 });
    expect(tables.Contacts).toMatchObject({ read: 3, imported: 3 });
    expect(tables.Tickets).toMatchObject({ read: 2, imported: 2 });
    expect(tables.Messages).toMatchObject({ read: 4, imported: 4, skipped: 0 });
    for (const table of ["UserRatings", "LogTickets", "Tags", "ContactTags", "TicketTags", "TicketNotes", "FlowBuilders"]) expect(tables[table]?.skipped, table).toBe(0);
    expect(tables.UserRatings).toMatchObject({ imported: 1 });
    expect(tables.LogTickets).toMatchObject({ imported: 2 });
    expect(tables.FlowBuilders).toMatchObject({ imported: 1 });
    expect(tables.QuickMessages).toMatchObject({ read: 1, imported: 1 });
    expect(first.report!.missingMedia).toEqual([]);

    const again = await runImporter(dataDir, ["--from", source.url, "--media", source.mediaDir]);
    expect(again.code, again.stdout).toBe(0);
    for (const [table, c] of Object.entries(again.report!.tables)) expect(c.imported, table).toBe(0);

    const t = await createTestKernel({ dataDir });
    try {
      const { token, user } = await t.login(MYSQL_SEEDED.owner.email, MYSQL_SEEDED.owner.password);
      expect(user).toMatchObject({ email: MYSQL_SEEDED.owner.email, profile: "admin", super: false });
      expect(user.company.name).toBe(MYSQL_SEEDED.company);
      await t.login(MYSQL_SEEDED.attendant.email, MYSQL_SEEDED.attendant.password);

      const queues = await t.call("GET", "/queue", { token });
      expect(queues.body.map((q: { name: string }) => q.name).sort()).toEqual(["Suporte", "Vendas"]);
      const vendas = queues.body.find((q: { name: string }) => q.name === "Vendas");
      // A JSON column (LONGTEXT on MariaDB) read as the week it holds.
      expect(vendas.schedules.find((d: { weekdayEn: string }) => d.weekdayEn === "monday")).toMatchObject({ startTimeA: "09:00", endTimeA: "17:00" });

      // TINYINT(1) booleans: the group is a group, the person is not.
      const contacts = await t.call("GET", "/contacts", { token });
      expect(contacts.status).toBe(200);
      const byName = new Map<string, { isGroup: boolean }>(contacts.body.contacts.map((c: { name: string; isGroup: boolean }) => [c.name, c]));
      expect(byName.get("Grupo Atacado")?.isGroup).toBe(true);
      expect(byName.get("Maria Cliente")?.isGroup).toBe(false);

      const open = await t.call("GET", "/tickets?status=open&showAll=true", { token });
      const ticket = open.body.tickets.find((x: { uuid: string }) => x.uuid === MYSQL_SEEDED.ticketUuid);
      expect(ticket).toBeTruthy();
      // DATETIME without a zone is UTC (Sequelize's default on MySQL).
      expect(ticket.createdAt).toBe("2026-10-01T12:00:00.000Z");

      const msgs = await t.call("GET", `/messages/${ticket.uuid}`, { token });
      expect(msgs.body.messages.map((m: { body: string }) => m.body)).toEqual(MYSQL_SEEDED.bodies);
      const [asked, answer, photo] = msgs.body.messages;
      expect(answer).toMatchObject({ fromMe: true, ack: 3, quotedMsgId: asked.id });
      expect(asked.fromMe).toBe(false);
      expect(photo.mediaUrl).toMatch(new RegExp(`^/public/company${user.companyId}/[A-Za-z0-9_-]{21}\\.jpg$`));
      const file = await t.kernel.app.request(photo.mediaUrl);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(MYSQL_SEEDED.media.bytes);

      // The closed ticket: its rating and its close time from TicketTraking (DATETIME, UTC).
      const closed = await t.call("GET", "/tickets?status=closed&showAll=true", { token });
      const done = closed.body.tickets.find((x: { uuid: string }) => x.uuid === MYSQL_SEEDED.closedUuid);
      expect(done.userRating).toMatchObject({ rate: 5 });
      expect(ticket.tags.map((tag: { name: string }) => tag.name)).toEqual(["VIP"]);

      const quick = await t.call("GET", "/quick-messages/list", { token });
      expect(quick.body.map((q: { shortcode: string }) => q.shortcode)).toContain("oi");
    } finally {
      await t.kernel.stop();
    }
  }, 180_000);

  it("a wrong password in the URL gives one clear report line and exit code 1, never a stack or the password", async () => {
    const wrong = source.url.replace(/:([^:@/]+)@/, ":not-the-password@");
    const run = await runImporter(freshDataDir(), ["--from", wrong, "--media", source.mediaDir]);
    expect(run.code).toBe(1);
    expect(run.report!.errors).toHaveLength(1);
    expect(run.report!.errors[0]).toMatch(/^cannot read the source database mysql:\/\/whaticket:\*\*\*@127\.0\.0\.1:\d+\/whaticket: the server refused the user or password/);
    for (const out of [run.stdout, run.stderr]) {
      expect(out).not.toContain("not-the-password");
      expect(out).not.toMatch(/\n\s+at /);
    }
  }, 60_000);
});
