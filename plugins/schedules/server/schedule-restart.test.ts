import { rmSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { Services } from "../../../core/plugin/services.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { DEFAULT_TIME_ZONE } from "./schedule-calendar.ts";
import { ScheduleSender } from "./schedule-sender.ts";
import { ScheduleViews } from "./schedule-views.ts";
import {
  type Company,
  createApiConnection,
  createCompanyWithAdmin,
  createContact,
  createSchedule,
  inMinutes,
  rowsOf,
  sendDue,
  startWebhookReceiver,
} from "./schedules.fixtures.ts";
import { ScheduleFeed } from "./schedules.realtime.ts";

/**
 * The sender dies between its claim and its commit (the message already written inside the
 * transaction): the process stops with the transaction open. A new server on the same
 * database finds the schedule still due and sends it exactly once.
 */
const open: TestKernel[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close().catch(() => {});
});

describe("schedule sender: restart", () => {
  it("a crash between claim and commit loses nothing and sends nothing twice", async () => {
    const receiver = await startWebhookReceiver();
    const first = await createTestKernel();
    const a: Company = await createCompanyWithAdmin(first, "Alfa");
    await createApiConnection(first, a.token, receiver.url);
    const contactId = await createContact(first, a.token);
    const s = await createSchedule(first, a.token, { body: "Sobrevive ao reinício", contactId, sendAt: inMinutes(-1) });

    // A sender whose tickets service stores the message, then never returns: the "crash" point.
    let crash!: () => void;
    const reachedCrashPoint = new Promise<void>((resolve) => (crash = resolve));
    let connection: { close(): void } | undefined;
    const services = new Services();
    services.provide("tickets.sendToContact", async (input, tx) => {
      await first.kernel.services.require("tickets.sendToContact")(input, tx);
      // Drizzle's transaction wraps libSQL's; a dying process takes that connection with it,
      // and SQLite drops what it had not committed. Closing it here is that death.
      connection = (tx as unknown as { session: { tx: { close(): void } } }).session.tx;
      crash();
      return new Promise(() => {});
    });
    const k = first.kernel;
    const views = new ScheduleViews(k.db);
    const dying = new ScheduleSender({
      db: k.db,
      services,
      companyAccess: k.companyAccess,
      planFeatures: k.planFeatures,
      views,
      feed: new ScheduleFeed(k.realtime),
      log: k.log,
      timeZone: DEFAULT_TIME_ZONE,
    });
    void dying.sendDue().catch(() => {});
    await reachedCrashPoint;
    connection!.close();
    await k.stop();

    const second = await createTestKernel({ env: { DATA_DIR: first.dataDir } });
    open.push(second);
    try {
      expect(await rowsOf(second, "messages", a.company.id)).toEqual([]);
      const [row] = (await second.kernel.database.client.execute({ sql: "SELECT status, due_at FROM schedules WHERE id = ?", args: [s.id] })).rows;
      expect(row).toMatchObject({ status: "PENDENTE" });
      expect(row!.due_at).not.toBeNull();

      expect(await sendDue(second)).toBe(1);
      expect(await sendDue(second)).toBe(0);
      await second.kernel.jobs.runDue();
      expect(receiver.messages().map((m) => m.body)).toEqual(["Sobrevive ao reinício"]);
      expect(await rowsOf(second, "messages", a.company.id)).toHaveLength(1);
    } finally {
      await receiver.close();
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});
