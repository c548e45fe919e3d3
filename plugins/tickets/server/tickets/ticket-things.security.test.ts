import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestKernel } from "../../../../tests/support/test-kernel.ts";
import { ticketNotes, ticketTags, type tickets } from "../../schema/tables.ts";
import { ticketsKernel } from "../testing/tickets.fixtures.ts";
import { type TicketCompany, ticketCompany } from "./tickets-list.fixtures.ts";

/**
 * Issue 32 item 5: a ticket's things (its notes, its tags) answer what opening the ticket
 * answers. A plain user of queue A gets 403 ERR_NO_PERMISSION from GET /tickets/{id} for a
 * ticket of queue B; the notes and tags routes give them the same 403 (and another company's
 * ticket the same 404), and change nothing. The kanban lane move is in the kanban plugin's
 * kanban-security.test.ts.
 */
let t: TestKernel;
let w: TicketCompany;
let inA: Awaited<ReturnType<TicketCompany["attendant"]>>;
let mine: typeof tickets.$inferSelect;
let theirs: typeof tickets.$inferSelect;
let adminNote: { id: number };
let tag: { id: number };
beforeAll(async () => {
  t = await ticketsKernel();
  w = await ticketCompany(t);
  inA = await w.attendant([w.queueA.id]);
  mine = await w.ticket({ status: "pending", queueId: w.queueA.id });
  theirs = await w.ticket({ status: "open", queueId: w.queueB.id, userId: w.admin.user.id });
  const note = await t.call("POST", "/ticket-notes", { token: w.admin.token, body: { note: "só do admin", ticketId: theirs.id, contactId: theirs.contactId } });
  expect(note.status, JSON.stringify(note.body)).toBe(200);
  adminNote = note.body;
  tag = await w.tag(`Etiqueta ${Date.now()}`);
  await w.tagTicket(theirs.id, tag.id);
});
afterAll(() => t.close());

const as = (token: string) => ({
  get: (path: string) => t.call("GET", path, { token }),
  post: (path: string, body: unknown) => t.call("POST", path, { token, body }),
  put: (path: string) => t.call("PUT", path, { token }),
  del: (path: string) => t.call("DELETE", path, { token }),
});
const forbidden = { error: "ERR_NO_PERMISSION" };
const tagsOf = async (ticketId: number) => (await t.kernel.db.select({ tagId: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticketId))).map((r) => r.tagId);
const notesOf = async (ticketId: number) => (await t.kernel.db.select({ note: ticketNotes.note }).from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId))).map((r) => r.note);

describe("a ticket's notes and tags follow who may open the ticket (security)", () => {
  it("the rule they follow: the ticket itself is 403 for the user of the other queue", async () => {
    const res = await as(inA.token).get(`/tickets/${theirs.id}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbidden);
    expect((await as(inA.token).get(`/tickets/${mine.id}`)).status).toBe(200);
  });

  it("GET /ticket-notes/list: 403 for that ticket, 200 for one they may open; a contact's notes leave out the tickets they may not open", async () => {
    const res = await as(inA.token).get(`/ticket-notes/list?ticketId=${theirs.id}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbidden);
    const narrowed = await as(inA.token).get(`/ticket-notes/list?ticketId=${theirs.id}&contactId=${theirs.contactId}`);
    expect(narrowed.status).toBe(403);
    expect((await as(inA.token).get(`/ticket-notes/list?ticketId=${mine.id}`)).status).toBe(200);
    const byContact = await as(inA.token).get(`/ticket-notes/list?contactId=${theirs.contactId}`);
    expect(byContact.status).toBe(200);
    expect(byContact.body).toEqual([]);
    // The admin opens every ticket, so reads the note both ways.
    expect((await as(w.admin.token).get(`/ticket-notes/list?contactId=${theirs.contactId}`)).body.map((n: { id: number }) => n.id)).toEqual([adminNote.id]);
  });

  it("POST /ticket-notes: 403 on that ticket and nothing stored; 200 on one they may open", async () => {
    const res = await as(inA.token).post("/ticket-notes", { note: "intrusa", ticketId: theirs.id, contactId: theirs.contactId });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbidden);
    expect(await notesOf(theirs.id)).toEqual(["só do admin"]);
    expect((await as(inA.token).post("/ticket-notes", { note: "minha", ticketId: mine.id, contactId: mine.contactId })).status).toBe(200);
  });

  it("DELETE /ticket-notes/{id}: the author's own note is 403 once its ticket moved out of their sight", async () => {
    const kept = await w.ticket({ status: "pending", queueId: w.queueA.id });
    const moved = await w.ticket({ status: "pending", queueId: w.queueA.id });
    const keptNote = (await as(inA.token).post("/ticket-notes", { note: "fica", ticketId: kept.id, contactId: kept.contactId })).body;
    const movedNote = (await as(inA.token).post("/ticket-notes", { note: "foi junto", ticketId: moved.id, contactId: moved.contactId })).body;
    const transfer = await t.call("PUT", `/tickets/${moved.id}`, { token: w.admin.token, body: { isTransfered: true, queueId: w.queueB.id, userId: null } });
    expect(transfer.status).toBe(200);

    const res = await as(inA.token).del(`/ticket-notes/${movedNote.id}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbidden);
    expect(await notesOf(moved.id)).toEqual(["foi junto"]);
    expect((await as(inA.token).del(`/ticket-notes/${keptNote.id}`)).status).toBe(200);
    // The admin still deletes anyone's.
    expect((await as(w.admin.token).del(`/ticket-notes/${movedNote.id}`)).status).toBe(200);
  });

  it("PUT and DELETE /ticket-tags: 403 on that ticket and its tags stay; 200 on one they may open", async () => {
    const other = await w.tag(`Outra ${Date.now()}`);
    const put = await as(inA.token).put(`/ticket-tags/${theirs.id}/${other.id}`);
    expect(put.status).toBe(403);
    expect(put.body).toEqual(forbidden);
    const cleared = await as(inA.token).del(`/ticket-tags/${theirs.id}`);
    expect(cleared.status).toBe(403);
    expect(cleared.body).toEqual(forbidden);
    expect(await tagsOf(theirs.id)).toEqual([tag.id]);

    expect((await as(inA.token).put(`/ticket-tags/${mine.id}/${other.id}`)).status).toBe(200);
    expect((await as(inA.token).del(`/ticket-tags/${mine.id}`)).status).toBe(200);
  });

  it("another company's ticket is 404 ERR_NO_TICKET_FOUND on every one of them, as GET /tickets/{id} answers", async () => {
    const other = await ticketCompany(t);
    const b = as(other.admin.token);
    const notFound = { error: "ERR_NO_TICKET_FOUND" };
    expect((await b.get(`/tickets/${theirs.id}`)).body).toEqual(notFound);
    expect((await b.get(`/ticket-notes/list?ticketId=${theirs.id}`)).body).toEqual(notFound);
    expect((await b.post("/ticket-notes", { note: "intrusa", ticketId: theirs.id, contactId: theirs.contactId })).body).toEqual(notFound);
    expect((await b.del(`/ticket-tags/${theirs.id}`)).body).toEqual(notFound);
    expect(await tagsOf(theirs.id)).toEqual([tag.id]);
  });
});
