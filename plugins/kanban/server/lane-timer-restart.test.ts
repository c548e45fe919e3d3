import { rmSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { Services } from "../../../core/plugin/services.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createApiConnection, createCompanyWithAdmin, createLane, customerWrites, lanesOf, moveDue, putInLane, sqlRows, startWebhookReceiver } from "./kanban.fixtures.ts";
import { LaneTimer } from "./lane-timer.ts";

/**
 * The timer dies between its move and its commit (the ticket already moved and the greeting
 * written inside the transaction): the process stops with the transaction open. A new server
 * on the same database finds the ticket still in its lane, moves it once and greets once.
 */
const open: TestKernel[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close().catch(() => {});
});

describe("lane timer: restart", () => {
  it("a crash between the move and its commit loses nothing and does nothing twice", async () => {
    const receiver = await startWebhookReceiver();
    const first = await createTestKernel();
    const a = await createCompanyWithAdmin(first, "Alfa");
    const api = await createApiConnection(first, a.token, receiver.url);
    const next = await createLane(first, a.token, { name: "Retomar", greetingMessageLane: "Olá de novo" });
    const lane = await createLane(first, a.token, { name: "Parado", timeLane: 1, nextLaneId: next.id });
    const ticket = await customerWrites(first, api.token, "5511900009001");
    await putInLane(first, a.token, ticket.ticketId, lane.id, 2);

    // A timer whose greeting is stored, then never returns: the "crash" point.
    let crash!: () => void;
    const reachedCrashPoint = new Promise<void>((resolve) => (crash = resolve));
    let connection: { close(): void } | undefined;
    const services = new Services();
    services.provide("tickets.moveTag", first.kernel.services.require("tickets.moveTag"));
    services.provide("tickets.sendToContact", async (input, tx) => {
      await first.kernel.services.require("tickets.sendToContact")(input, tx);
      // Drizzle's transaction wraps libSQL's; a dying process takes that connection with it,
      // and SQLite drops what it had not committed. Closing it here is that death.
      connection = (tx as unknown as { session: { tx: { close(): void } } }).session.tx;
      crash();
      return new Promise(() => {});
    });
    const k = first.kernel;
    const dying = new LaneTimer({ db: k.db, services, companyAccess: k.companyAccess, planFeatures: k.planFeatures, log: k.log });
    void dying.moveDue().catch(() => {});
    await reachedCrashPoint;
    connection!.close();
    await k.stop();

    const second = await createTestKernel({ env: { DATA_DIR: first.dataDir } });
    open.push(second);
    try {
      expect(await lanesOf(second, ticket.ticketId)).toEqual([lane.id]);
      expect(await sqlRows(second, "SELECT id FROM messages WHERE ticket_id = ? AND from_me = 1", [ticket.ticketId])).toEqual([]);

      expect(await moveDue(second)).toBe(1);
      expect(await moveDue(second)).toBe(0);
      expect(await lanesOf(second, ticket.ticketId)).toEqual([next.id]);
      await second.kernel.jobs.runDue();
      expect(receiver.bodies).toEqual(["Olá de novo"]);
      expect(await sqlRows(second, "SELECT body FROM messages WHERE ticket_id = ? AND from_me = 1", [ticket.ticketId])).toEqual([{ body: "Olá de novo" }]);
    } finally {
      await receiver.close();
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});
