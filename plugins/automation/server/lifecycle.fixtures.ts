import { expect } from "vitest";
import type { BotWorld } from "./automation.fixtures.ts";

let ticks = 0;

/**
 * Issue 14's conversations on the API channel: the admin attends and resolves, the tickets
 * plugin's expiry tick runs as its job (the `tickets.expiry` kind its schedule enqueues),
 * and a ticket's clocks are moved back in time with plain SQL (a plugin never imports
 * another's tables) instead of waiting.
 */
export function lifecycle(w: BotWorld) {
  const sql = (query: string, args: (string | number | null)[] = []) => w.t.kernel.database.client.execute({ sql: query, args });
  return {
    /** The admin takes the ticket (pending -> open). */
    async accept(ticketId: number) {
      const res = await w.t.call("PUT", `/tickets/${ticketId}`, { token: w.admin.token, body: { status: "open", userId: w.admin.user.id } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    },
    async put(ticketId: number, body: Record<string, unknown>) {
      const res = await w.t.call("PUT", `/tickets/${ticketId}`, { token: w.admin.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    },
    /** Resolve with the rating question (the dialog's "send rating"). */
    resolveWithRating(ticketId: number) {
      return this.put(ticketId, { status: "nps", userId: w.admin.user.id, sendFarewellMessage: true });
    },
    /** The ticket's expiry clocks `minutes` in the past, as if nobody wrote since (a warning sent is moved before them, where it happened). */
    async idle(ticketId: number, minutes: number) {
      const at = new Date(Date.now() - minutes * 60_000).toISOString();
      const warned = new Date(Date.now() - minutes * 60_000 - 1000).toISOString();
      await sql("UPDATE tickets SET activity_at = ?, agent_activity_at = ?, warned_at = CASE WHEN warned_at IS NULL THEN NULL ELSE ? END WHERE id = ?", [at, at, warned, ticketId]);
    },
    /** Only the attendant's clock goes back (the customer wrote recently). */
    async agentIdle(ticketId: number, minutes: number) {
      const at = new Date(Date.now() - minutes * 60_000).toISOString();
      await sql("UPDATE tickets SET agent_activity_at = ? WHERE id = ?", [at, ticketId]);
    },
    /** One run of the expiry job, then whatever it enqueued (deliveries, webhooks). */
    async tick() {
      await w.t.kernel.jobs.enqueue("tickets.expiry", {}, { dedupeKey: `test-expiry:${++ticks}:${Date.now()}` });
      await w.settle();
    },
    async ratings() {
      return (await sql("SELECT ticket_id, user_id, queue_id, whatsapp_id, rate FROM ticket_ratings ORDER BY id")).rows.map((r) => ({ ...r }));
    },
    async logTypes(ticketId: number) {
      return (await w.rows()).logs.filter((l) => l.ticketId === ticketId).map((l) => l.type as string);
    },
    async contactOf(ticketId: number) {
      const t = await w.ticket(ticketId);
      return { ...(await sql("SELECT * FROM contacts WHERE id = ?", [t.contactId])).rows[0] } as Record<string, unknown>;
    },
  };
}
