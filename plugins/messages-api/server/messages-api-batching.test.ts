import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { SyncDb } from "../../../core/db/write-batch.ts";
import { deliveredMessages, messagesApiWorld, type MessagesApiWorld, rowsOfCompany, sendApi } from "./messages-api.fixtures.ts";

/**
 * The send path's throughput (README "Throughput"): each request is ONE unit of the kernel's
 * write batcher (its key, its contact, its messages with their delivery rows), so a burst
 * of requests shares group commits instead of queueing for the writer one transaction each.
 */
let w: MessagesApiWorld;
afterEach(() => w.close());

const count = (db: SyncDb, table: "messages" | "contacts") => db.get<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${table}`)).n;

describe("public messages API: group commit", () => {
  it("concurrent sends are written by the write batcher, several per commit, each contact with its message", async () => {
    w = await messagesApiWorld();
    const batches: { messages: number; contacts: number }[] = [];
    let at = { messages: 0, contacts: 0 };
    w.t.kernel.database.writes.aroundEachBatch({
      begin: (db) => void (at = { messages: count(db, "messages"), contacts: count(db, "contacts") }),
      end: (db) => void batches.push({ messages: count(db, "messages") - at.messages, contacts: count(db, "contacts") - at.contacts }),
    });
    const sends = 20;
    const answers = await Promise.all(Array.from({ length: sends }, (_, i) => sendApi(w.t, w.api.token, { number: `55119${String(80_000_000 + i)}`, body: `Pedido ${i}` })));
    expect(answers.map((a) => a.status)).toEqual(Array(sends).fill(202));

    const writing = batches.filter((b) => b.messages > 0);
    // Every message went through the batcher, and the burst shared commits.
    expect(writing.reduce((sum, b) => sum + b.messages, 0)).toBe(sends);
    expect(writing.length).toBeLessThan(sends / 2);
    // Each new number's contact committed with its message (same unit, so the same batch).
    for (const b of writing) expect(b.contacts).toBe(b.messages);
    expect(await deliveredMessages(w)).toHaveLength(sends);
  });

  it("a ticket started in the unit carries what tickets.sendToContact writes: report times, clocks and its two logs", async () => {
    w = await messagesApiWorld();
    const history = await sendApi(w.t, w.api.token, { number: "5511987650001", body: "histórico" });
    const opened = await sendApi(w.t, w.api.token, { number: "5511987650002", body: "atendido", userId: w.admin.user.id });
    const { tickets } = await rowsOfCompany(w.t, w.api.companyId);
    expect(tickets).toMatchObject([
      { id: history.body.ticketId, status: "closed", userId: null, acceptedAt: null, closedAt: expect.any(String), activityAt: expect.any(String), lastMessage: "histórico" },
      { id: opened.body.ticketId, status: "open", userId: w.admin.user.id, acceptedAt: expect.any(String), closedAt: null, lastMessage: "atendido" },
    ]);
    const logs = await w.t.kernel.database.client.execute({ sql: "SELECT ticket_id, type, user_id FROM ticket_logs WHERE company_id = ? ORDER BY id", args: [w.api.companyId] });
    expect(logs.rows.map((r) => [r.ticket_id, r.type, r.user_id])).toEqual([
      [history.body.ticketId, "create", null],
      [history.body.ticketId, "closed", null],
      [opened.body.ticketId, "create", w.admin.user.id],
      [opened.body.ticketId, "open", w.admin.user.id],
    ]);
  });
});
