import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../../tests/support/test-kernel.ts";
import { ticketTags } from "../../schema/tables.ts";
import { createTag, createTicket } from "../testing/ticket-extras.fixtures.ts";
import { TicketTagsService } from "./ticket-tags.service.ts";
import type { TicketReader } from "../tickets-internals.ts";
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

const tagIdsOf = async (ticketId: number) =>
  (await t.kernel.db.select({ tagId: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticketId))).map((r) => r.tagId).sort((x, y) => x - y);

describe("ticket tags: happy", () => {
  it("links tags to a ticket; linking twice keeps one link", async () => {
    const lane = await createTag(t, a.token);
    const chip = await createTag(t, a.token);
    const res = await t.call("PUT", `/ticket-tags/${ticket.ticketId}/${lane.id}`, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ticketId: ticket.ticketId, tagId: lane.id });
    expect((await t.call("PUT", `/ticket-tags/${ticket.ticketId}/${lane.id}`, { token: a.token })).status).toBe(200);
    await t.call("PUT", `/ticket-tags/${ticket.ticketId}/${chip.id}`, { token: a.token });
    expect(await tagIdsOf(ticket.ticketId)).toEqual([lane.id, chip.id].sort((x, y) => x - y));
  });

  it("the kanban move: DELETE clears the ticket's tags, then PUT sets the new lane", async () => {
    const from = await createTag(t, a.token);
    const to = await createTag(t, a.token);
    await t.call("PUT", `/ticket-tags/${ticket.ticketId}/${from.id}`, { token: a.token });
    const other = await createTicket(t, a.token, a.company.id);
    await t.call("PUT", `/ticket-tags/${other.ticketId}/${from.id}`, { token: a.token });

    const cleared = await t.call("DELETE", `/ticket-tags/${ticket.ticketId}`, { token: a.token });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ message: "Ticket tags removed" });
    expect(await tagIdsOf(ticket.ticketId)).toEqual([]);
    expect(await tagIdsOf(other.ticketId)).toEqual([from.id]);
    await t.call("PUT", `/ticket-tags/${ticket.ticketId}/${to.id}`, { token: a.token });
    expect(await tagIdsOf(ticket.ticketId)).toEqual([to.id]);
    // Clearing a ticket without tags is fine (an empty kanban choice).
    await t.call("DELETE", `/ticket-tags/${ticket.ticketId}`, { token: a.token });
    expect((await t.call("DELETE", `/ticket-tags/${ticket.ticketId}`, { token: a.token })).status).toBe(200);
  });

  it("a plain user of the company may set and clear tags of a ticket they may open", async () => {
    // The fixture's ticket has no queue: a plain user opens it with allTicket.
    const user = await createUser(t, a.company.id, { allTicket: "enable" });
    const tag = await createTag(t, a.token);
    expect((await t.call("PUT", `/ticket-tags/${ticket.ticketId}/${tag.id}`, { token: user.token })).status).toBe(200);
    expect((await t.call("DELETE", `/ticket-tags/${ticket.ticketId}`, { token: user.token })).status).toBe(200);
  });

  it("each change re-announces the ticket so lists update live; a failing announcement does not fail the change", async () => {
    const announced: [number, number][] = [];
    const openable = async () => ({});
    const reader = { openable, announce: async (companyId: number, ticketId: number) => void announced.push([companyId, ticketId]) } as unknown as TicketReader;
    const warnings: string[] = [];
    const log = { warn: (m: string) => warnings.push(m) } as unknown as ConstructorParameters<typeof TicketTagsService>[2];
    const tag = await createTag(t, a.token);
    const service = new TicketTagsService(t.kernel.db, reader, log);
    await service.link(a.user, ticket.ticketId, tag.id);
    await service.clear(a.user, ticket.ticketId);
    expect(announced).toEqual([
      [a.company.id, ticket.ticketId],
      [a.company.id, ticket.ticketId],
    ]);

    const broken = new TicketTagsService(t.kernel.db, { openable, announce: () => Promise.reject(new Error("socket down")) } as unknown as TicketReader, log);
    await broken.link(a.user, ticket.ticketId, tag.id);
    expect(await tagIdsOf(ticket.ticketId)).toEqual([tag.id]);
    expect(warnings).toEqual([expect.stringContaining("socket down")]);
  });
});

describe("ticket tags: errors", () => {
  it("unknown ticket answers ERR_NO_TICKET_FOUND, unknown tag ERR_NOT_FOUND", async () => {
    const tag = await createTag(t, a.token);
    const noTicket = await t.call("PUT", `/ticket-tags/999999/${tag.id}`, { token: a.token });
    expect(noTicket.status).toBe(404);
    expect(noTicket.body).toEqual({ error: "ERR_NO_TICKET_FOUND" });
    const noTag = await t.call("PUT", `/ticket-tags/${ticket.ticketId}/999999`, { token: a.token });
    expect(noTag.status).toBe(404);
    expect(noTag.body).toEqual({ error: "ERR_NOT_FOUND" });
    expect((await t.call("DELETE", "/ticket-tags/999999", { token: a.token })).body).toEqual({ error: "ERR_NO_TICKET_FOUND" });
  });

  it("garbage ids are a validation error, not a crash", async () => {
    for (const path of ["/ticket-tags/abc/1", "/ticket-tags/1/-2", "/ticket-tags/0/1"]) expect((await t.call("PUT", path, { token: a.token })).status, path).toBe(400);
    expect((await t.call("DELETE", "/ticket-tags/abc", { token: a.token })).status).toBe(400);
  });
});

describe("ticket tags: security", () => {
  it("needs a session", async () => {
    expect((await t.call("PUT", `/ticket-tags/${ticket.ticketId}/1`)).status).toBe(401);
    expect((await t.call("DELETE", `/ticket-tags/${ticket.ticketId}`)).status).toBe(401);
  });

  it("another company's ticket or tag is not found, and nothing changes", async () => {
    const b = await createCompanyWithAdmin(t, "Beta");
    const aTag = await createTag(t, a.token);
    const bTag = await createTag(t, b.token);
    await t.call("PUT", `/ticket-tags/${ticket.ticketId}/${aTag.id}`, { token: a.token });
    const bTicket = await createTicket(t, b.token, b.company.id);

    expect((await t.call("PUT", `/ticket-tags/${ticket.ticketId}/${bTag.id}`, { token: b.token })).body).toEqual({ error: "ERR_NO_TICKET_FOUND" });
    expect((await t.call("DELETE", `/ticket-tags/${ticket.ticketId}`, { token: b.token })).status).toBe(404);
    // B's ticket with A's tag, and A's ticket with B's tag.
    expect((await t.call("PUT", `/ticket-tags/${bTicket.ticketId}/${aTag.id}`, { token: b.token })).body).toEqual({ error: "ERR_NOT_FOUND" });
    expect((await t.call("PUT", `/ticket-tags/${ticket.ticketId}/${bTag.id}`, { token: a.token })).body).toEqual({ error: "ERR_NOT_FOUND" });
    expect(await tagIdsOf(ticket.ticketId)).toEqual([aTag.id]);
    expect(await tagIdsOf(bTicket.ticketId)).toEqual([]);
  });
});
