import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../../tests/support/test-kernel.ts";
import { createTicket } from "../testing/ticket-extras.fixtures.ts";
import { ticketsKernel } from "../testing/tickets.fixtures.ts";

let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
let ticket: Awaited<ReturnType<typeof createTicket>>;
beforeEach(async () => {
  t = await ticketsKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
  ticket = await createTicket(t, a.token, a.company.id);
});
afterEach(() => t.close());

const addNote = (token: string, body: Record<string, unknown>) => t.call("POST", "/ticket-notes", { token, body });

describe("ticket notes: happy", () => {
  it("adds a note and answers it with its author", async () => {
    const res = await addNote(a.token, { note: "  Cliente pediu retorno amanhã  ", ticketId: ticket.ticketId, contactId: ticket.contactId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      note: "Cliente pediu retorno amanhã",
      ticketId: ticket.ticketId,
      contactId: ticket.contactId,
      createdAt: expect.any(String),
      user: { id: a.user.id, name: a.user.name },
    });
  });

  it("lists a ticket's notes newest first", async () => {
    for (const note of ["primeira", "segunda", "terceira"]) await addNote(a.token, { note, ticketId: ticket.ticketId, contactId: ticket.contactId });
    const res = await t.call("GET", `/ticket-notes/list?ticketId=${ticket.ticketId}&contactId=${ticket.contactId}`, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.map((n: { note: string }) => n.note)).toEqual(["terceira", "segunda", "primeira"]);
    expect(res.body[0].user).toEqual({ id: a.user.id, name: a.user.name });
  });

  it("lists a contact's notes across its tickets when only contactId is given", async () => {
    await addNote(a.token, { note: "no primeiro ticket", ticketId: ticket.ticketId, contactId: ticket.contactId });
    // Close the first ticket so the same number gets a second one.
    await t.kernel.database.client.execute({ sql: "UPDATE tickets SET status = 'closed' WHERE id = ?", args: [ticket.ticketId] });
    const number = (await t.call("GET", `/contacts/${ticket.contactId}`, { token: a.token })).body.number;
    const second = await createTicket(t, a.token, a.company.id, number);
    expect(second.contactId).toBe(ticket.contactId);
    expect(second.ticketId).not.toBe(ticket.ticketId);
    await addNote(a.token, { note: "no segundo ticket", ticketId: second.ticketId, contactId: ticket.contactId });
    const other = await createTicket(t, a.token, a.company.id);
    await addNote(a.token, { note: "de outro contato", ticketId: other.ticketId, contactId: other.contactId });

    const byContact = await t.call("GET", `/ticket-notes/list?contactId=${ticket.contactId}`, { token: a.token });
    expect(byContact.body.map((n: { note: string }) => n.note)).toEqual(["no segundo ticket", "no primeiro ticket"]);
    const byTicket = await t.call("GET", `/ticket-notes/list?ticketId=${second.ticketId}`, { token: a.token });
    expect(byTicket.body.map((n: { note: string }) => n.note)).toEqual(["no segundo ticket"]);
  });

  it("the author deletes their note; an admin deletes anyone's", async () => {
    // The fixture's ticket has no queue: a plain user opens it with allTicket.
    const user = await createUser(t, a.company.id, { allTicket: "enable" });
    const mine = await addNote(user.token, { note: "minha nota", ticketId: ticket.ticketId, contactId: ticket.contactId });
    const another = await addNote(user.token, { note: "outra nota", ticketId: ticket.ticketId, contactId: ticket.contactId });
    expect((await t.call("DELETE", `/ticket-notes/${mine.body.id}`, { token: user.token })).body).toEqual({ message: "Note deleted" });
    expect((await t.call("DELETE", `/ticket-notes/${another.body.id}`, { token: a.token })).status).toBe(200);
    expect((await t.call("GET", `/ticket-notes/list?ticketId=${ticket.ticketId}`, { token: a.token })).body).toEqual([]);
  });
});

describe("ticket notes: errors", () => {
  it("note is required and at least 2 characters", async () => {
    const missing = await addNote(a.token, { ticketId: ticket.ticketId, contactId: ticket.contactId });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: "ERR_VALIDATION", fields: { note: "Required" } });
    const blank = await addNote(a.token, { note: "   ", ticketId: ticket.ticketId, contactId: ticket.contactId });
    expect(blank.body.fields).toEqual({ note: "Required" });
    const short = await addNote(a.token, { note: "x", ticketId: ticket.ticketId, contactId: ticket.contactId });
    expect(short.body.fields).toEqual({ note: "Too Short!" });
    const long = await addNote(a.token, { note: "x".repeat(5001), ticketId: ticket.ticketId, contactId: ticket.contactId });
    expect(long.body.fields).toEqual({ note: "Too Long!" });
  });

  it("ticketId and contactId are required ids", async () => {
    const res = await addNote(a.token, { note: "ok ok" });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ ticketId: "Required", contactId: "Required" });
    const bad = await addNote(a.token, { note: "ok ok", ticketId: "abc", contactId: -1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(["contactId", "ticketId"]);
  });

  it("unknown ticket or contact answers 404; a contact that is not the ticket's answers 400", async () => {
    expect((await addNote(a.token, { note: "ok ok", ticketId: 999999, contactId: ticket.contactId })).body).toEqual({ error: "ERR_NO_TICKET_FOUND" });
    expect((await addNote(a.token, { note: "ok ok", ticketId: ticket.ticketId, contactId: 999999 })).body).toEqual({ error: "ERR_NO_CONTACT_FOUND" });
    const other = await createTicket(t, a.token, a.company.id);
    const mismatch = await addNote(a.token, { note: "ok ok", ticketId: ticket.ticketId, contactId: other.contactId });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ error: "ERR_VALIDATION", fields: { contactId: expect.any(String) } });
  });

  it("listing needs a ticketId or a contactId; garbage ids are refused", async () => {
    const none = await t.call("GET", "/ticket-notes/list", { token: a.token });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: "ERR_VALIDATION", fields: { ticketId: "Required" } });
    expect((await t.call("GET", "/ticket-notes/list?ticketId=abc", { token: a.token })).status).toBe(400);
  });

  it("deleting an unknown note answers 404", async () => {
    expect((await t.call("DELETE", "/ticket-notes/999999", { token: a.token })).body).toEqual({ error: "ERR_NOT_FOUND" });
    expect((await t.call("DELETE", "/ticket-notes/abc", { token: a.token })).status).toBe(400);
  });
});

describe("ticket notes: security", () => {
  it("needs a session", async () => {
    expect((await t.call("GET", `/ticket-notes/list?ticketId=${ticket.ticketId}`)).status).toBe(401);
    expect((await t.call("POST", "/ticket-notes", { body: { note: "ok ok", ticketId: ticket.ticketId, contactId: ticket.contactId } })).status).toBe(401);
  });

  it("a plain user cannot delete another user's note (ERR_NO_PERMISSION)", async () => {
    const note = await addNote(a.token, { note: "do admin", ticketId: ticket.ticketId, contactId: ticket.contactId });
    // The fixture's ticket has no queue: a plain user opens it with allTicket.
    const user = await createUser(t, a.company.id, { allTicket: "enable" });
    const res = await t.call("DELETE", `/ticket-notes/${note.body.id}`, { token: user.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await t.call("GET", `/ticket-notes/list?ticketId=${ticket.ticketId}`, { token: a.token })).body).toHaveLength(1);
  });

  it("another company can neither write on, read nor delete company A's notes", async () => {
    const b = await createCompanyWithAdmin(t, "Beta");
    const note = await addNote(a.token, { note: "segredo", ticketId: ticket.ticketId, contactId: ticket.contactId });
    expect((await addNote(b.token, { note: "intrusa", ticketId: ticket.ticketId, contactId: ticket.contactId })).body).toEqual({ error: "ERR_NO_TICKET_FOUND" });
    // B's own ticket with A's contact: the contact is not found for B.
    const bTicket = await createTicket(t, b.token, b.company.id);
    expect((await addNote(b.token, { note: "intrusa", ticketId: bTicket.ticketId, contactId: ticket.contactId })).body).toEqual({ error: "ERR_NO_CONTACT_FOUND" });
    // As GET /tickets/{id} answers another company's ticket.
    expect((await t.call("GET", `/ticket-notes/list?ticketId=${ticket.ticketId}`, { token: b.token })).body).toEqual({ error: "ERR_NO_TICKET_FOUND" });
    expect((await t.call("GET", `/ticket-notes/list?contactId=${ticket.contactId}`, { token: b.token })).body).toEqual([]);
    const del = await t.call("DELETE", `/ticket-notes/${note.body.id}`, { token: b.token });
    expect(del.status).toBe(404);
    expect((await t.call("GET", `/ticket-notes/list?ticketId=${ticket.ticketId}`, { token: a.token })).body).toHaveLength(1);
  });
});
