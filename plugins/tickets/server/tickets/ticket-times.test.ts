import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messages, tickets } from "../../schema/tables.ts";
import { apiCustomerWorld, type ApiCustomerWorld } from "../testing/api-customer.fixtures.ts";
import type {} from "../bot.contract.ts";
import type {} from "../tickets.contract.ts";

/**
 * The report times (issue 24, ticket-times.ts) on every path that accepts or resolves a
 * ticket: `acceptedAt` the first time an attendant holds it, `closedAt` the last resolve (to
 * `closed`, or to `nps` when the rating is asked), null while live. One case per path, so a
 * path that forgets the times fails here.
 */
let w: ApiCustomerWorld;
beforeAll(async () => {
  w = await apiCustomerWorld();
});
afterAll(() => w.close());

const setting = (column: string, value: string) => w.t.kernel.settings.setCompany(w.companyId, column, value);
const connection = async (body: Record<string, unknown>) => {
  const res = await w.t.call("PUT", `/whatsapp/${w.api.id}`, { token: w.admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const contact = async (number: string) => {
  const res = await w.t.call("POST", "/contacts", { token: w.admin.token, body: { name: `Cliente ${number}`, number } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as number;
};
const times = async (id: number) => {
  const row = await w.row(id);
  return { status: row!.status, createdAt: row!.createdAt, acceptedAt: row!.acceptedAt, closedAt: row!.closedAt };
};
const put = async (id: number, body: Record<string, unknown>, token = w.admin.token) => {
  const res = await w.put(token, id, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
/** Later than anything written so far: times are ISO text with milliseconds. */
const tick = () => new Promise((r) => setTimeout(r, 3));
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
const service = <K extends "tickets.botApply" | "tickets.assignWaiting" | "tickets.closeMany" | "tickets.sendToContact">(k: K) => w.t.kernel.services.require(k);

beforeEach(async () => {
  await setting("closeTicketOnTransfer", "false");
  await setting("userRating", "disabled");
});

describe("report times: attendants through PUT /tickets/{id}", () => {
  it("accept sets acceptedAt once; resolve sets closedAt; reopen clears it; a return and a second accept keep the first acceptance", async () => {
    const id = await w.customerWrites("Ana");
    expect(await times(id)).toMatchObject({ status: "pending", acceptedAt: null, closedAt: null });
    await tick();
    const accepted = await put(id, { status: "open", userId: w.admin.user.id });
    expect(accepted).toMatchObject({ status: "open", acceptedAt: ISO, closedAt: null });
    const first = accepted.acceptedAt as string;
    expect(first > accepted.createdAt).toBe(true);

    await tick();
    const closed = await put(id, { status: "closed", sendFarewellMessage: false });
    expect(closed).toMatchObject({ status: "closed", acceptedAt: first, closedAt: ISO });
    expect(closed.closedAt > first).toBe(true);

    await tick();
    expect(await put(id, { status: "open" })).toMatchObject({ status: "open", acceptedAt: first, closedAt: null });
    await put(id, { status: "pending" });
    await w.t.kernel.db.update(tickets).set({ queueId: w.queueA.id }).where(eq(tickets.id, id));
    const other = await w.attendant([w.queueA.id]);
    await tick();
    await put(id, { status: "open", userId: other.user.id }, other.token);
    expect(await times(id)).toMatchObject({ status: "open", acceptedAt: first, closedAt: null });
  });

  it("POST /tickets opened for someone is accepted when created; a pending one is not, and ignoring it closes it unaccepted", async () => {
    const open = await w.t.call("POST", "/tickets", { token: w.admin.token, body: { contactId: await contact("5511955550001"), whatsappId: w.api.id, status: "open" } });
    expect(open.body).toMatchObject({ status: "open", acceptedAt: open.body.createdAt, closedAt: null });
    const pending = await w.t.call("POST", "/tickets", { token: w.admin.token, body: { contactId: await contact("5511955550002"), whatsappId: w.api.id, status: "pending" } });
    expect(pending.body).toMatchObject({ status: "pending", acceptedAt: null, closedAt: null });
    expect(await put(pending.body.id, { status: "closed" })).toMatchObject({ status: "closed", acceptedAt: null, closedAt: ISO });
  });

  it("a transfer to an attendant accepts; with closeTicketOnTransfer the old ticket closes and the new one is accepted", async () => {
    const u = await w.attendant([w.queueA.id, w.queueB.id]);
    const id = await w.customerWrites("Bia");
    expect(await put(id, { queueId: w.queueA.id, userId: u.user.id })).toMatchObject({ status: "open", userId: u.user.id, acceptedAt: ISO });

    const waiting = await w.customerWrites("Caio");
    await put(waiting, { queueId: w.queueA.id });
    expect(await times(waiting)).toMatchObject({ status: "pending", acceptedAt: null });
    await setting("closeTicketOnTransfer", "true");
    const moved = await put(waiting, { queueId: w.queueB.id, userId: u.user.id });
    expect(moved.id).not.toBe(waiting);
    expect(moved).toMatchObject({ status: "open", acceptedAt: moved.createdAt, closedAt: null });
    expect(await times(waiting)).toMatchObject({ status: "closed", acceptedAt: null, closedAt: ISO });
  });

  it("resolve with the rating sets closedAt; the rating's close and an attendant's unrated close keep it; a transfer back clears it", async () => {
    await setting("userRating", "enabled");
    await connection({ ratingMessage: "De 0 a 10?", expiresTicketNPS: 30 });
    const asked = async (name: string) => {
      const id = await w.customerWrites(name);
      await put(id, { status: "open", userId: w.admin.user.id });
      await tick();
      const nps = await put(id, { status: "nps", sendFarewellMessage: false });
      expect(nps).toMatchObject({ status: "nps", closedAt: ISO });
      await tick();
      return { id, resolvedAt: nps.closedAt as string };
    };
    const rated = await asked("Davi");
    await service("tickets.botApply")(w.companyId, rated.id, [{ type: "rate", score: 9 }, { type: "close" }], () => {});
    expect(await times(rated.id)).toMatchObject({ status: "closed", closedAt: rated.resolvedAt });

    const unrated = await asked("Elis");
    await put(unrated.id, { status: "closed" });
    expect(await times(unrated.id)).toMatchObject({ status: "closed", closedAt: unrated.resolvedAt });

    const back = await asked("Fabi");
    await put(back.id, { queueId: w.queueA.id });
    expect(await times(back.id)).toMatchObject({ status: "pending", closedAt: null });
  });

  it("close all closes with closedAt", async () => {
    const id = await w.customerWrites("Gil");
    await put(id, { status: "open", userId: w.admin.user.id });
    expect((await w.t.call("POST", "/tickets/closeAll", { token: w.admin.token, body: { status: "open" } })).status).toBe(200);
    expect(await times(id)).toMatchObject({ status: "closed", acceptedAt: ISO, closedAt: ISO });
  });
});

describe("report times: the services other plugins call", () => {
  it("bot turns: assignUser accepts, close resolves, setStatus leaves the times alone", async () => {
    const apply = service("tickets.botApply");
    const a = await w.customerWrites("Hugo");
    await apply(w.companyId, a, [{ type: "assignUser", userId: w.admin.user.id }], () => {});
    expect(await times(a)).toMatchObject({ status: "open", acceptedAt: ISO, closedAt: null });
    const b = await w.customerWrites("Iris");
    await apply(w.companyId, b, [{ type: "setStatus", status: "lgpd" }], () => {});
    expect(await times(b)).toMatchObject({ status: "lgpd", acceptedAt: null, closedAt: null });
    await apply(w.companyId, b, [{ type: "close" }], () => {});
    expect(await times(b)).toMatchObject({ status: "closed", acceptedAt: null, closedAt: ISO });
  });

  it("the rotation (assignWaiting) accepts the ticket it gives", async () => {
    const id = await w.customerWrites("Juca");
    await w.t.kernel.db.update(tickets).set({ queueId: w.queueB.id }).where(eq(tickets.id, id));
    const given = await service("tickets.assignWaiting")(w.companyId, w.queueB.id, w.admin.user.id);
    expect(given.ticketId).toBe(id);
    expect(await times(id)).toMatchObject({ status: "open", acceptedAt: ISO });
  });

  it("closeMany (a channel closing its imported tickets) sets closedAt", async () => {
    const id = await w.customerWrites("Lia");
    expect(await service("tickets.closeMany")(w.companyId, [id])).toBe(1);
    expect(await times(id)).toMatchObject({ status: "closed", closedAt: ISO });
  });

  it("sendToContact: a ticket started open for an attendant is accepted, one started closed is closed", async () => {
    const send = service("tickets.sendToContact");
    const base = { companyId: w.companyId, whatsappId: w.api.id, body: "Olá", authorId: w.admin.user.id, sign: false, media: null };
    // Contacts first: the transaction holds the writer.
    const [first, second] = [await contact("5511955550011"), await contact("5511955550012")];
    const opened = await w.t.kernel.db.transaction((tx) => send({ ...base, contactId: first, openTicket: { status: "open", userId: w.admin.user.id, queueId: null } }, tx));
    expect(await times(opened.ticket.id)).toMatchObject({ status: "open", acceptedAt: opened.ticket.createdAt, closedAt: null });
    const closed = await w.t.kernel.db.transaction((tx) => send({ ...base, contactId: second, openTicket: null }, tx));
    expect(await times(closed.ticket.id)).toMatchObject({ status: "closed", acceptedAt: null, closedAt: ISO });
  });
});

describe("report times: the clocks and the inbound pipeline", () => {
  const idle = (id: number, minutes: number) => {
    const at = new Date(Date.now() - minutes * 60_000).toISOString();
    return w.t.kernel.db.update(tickets).set({ activityAt: at, agentActivityAt: at }).where(eq(tickets.id, id));
  };
  let ticks = 0;
  const expiryTick = async () => {
    await w.t.kernel.jobs.enqueue("tickets.expiry", {}, { dedupeKey: `times-expiry:${++ticks}` });
    // Every job due (the deliveries other tests left, then the tick).
    while ((await w.t.kernel.jobs.runDue()) > 0) {}
  };

  it("the expiry closes an idle ticket with closedAt, and an unanswered rating keeps the resolve's time", async () => {
    await setting("userRating", "enabled");
    await connection({ expiresTicket: 1, ratingMessage: "De 0 a 10?", expiresTicketNPS: 30 });
    const idleOne = await w.customerWrites("Mara");
    await put(idleOne, { status: "open", userId: w.admin.user.id });
    const waitingRating = await w.customerWrites("Nina");
    await put(waitingRating, { status: "open", userId: w.admin.user.id });
    const resolvedAt = (await put(waitingRating, { status: "nps", sendFarewellMessage: false })).closedAt as string;
    await idle(idleOne, 61);
    await idle(waitingRating, 31);
    await tick();
    await expiryTick();
    expect(await times(idleOne)).toMatchObject({ status: "closed", acceptedAt: ISO, closedAt: ISO });
    expect(await times(waitingRating)).toMatchObject({ status: "closed", closedAt: resolvedAt });
    await connection({ expiresTicket: 0 });
  });

  it("a customer writing within timeCreateNewTicket reopens the closed ticket: closedAt cleared, the first acceptance kept", async () => {
    await connection({ timeCreateNewTicket: 60 });
    const writes = (number: string, id: string) =>
      w.t.call("POST", "/channels/api/inbound", { body: { id, number, name: "Otto", body: "voltei" }, headers: { authorization: `Bearer ${w.api.token}` } });
    const first = (await writes("5511944440001", "times-reopen-1")).body.ticketId as number;
    const acceptedAt = (await put(first, { status: "open", userId: w.admin.user.id })).acceptedAt as string;
    await put(first, { status: "closed", sendFarewellMessage: false });
    expect((await writes("5511944440001", "times-reopen-2")).body.ticketId).toBe(first);
    expect(await times(first)).toMatchObject({ status: "open", acceptedAt, closedAt: null });

    // A ticket with an attendant but no acceptance on record (a row older than the column) is accepted by its reopen.
    await put(first, { status: "closed", sendFarewellMessage: false });
    await w.t.kernel.db.update(tickets).set({ acceptedAt: null }).where(eq(tickets.id, first));
    await writes("5511944440001", "times-reopen-3");
    expect(await times(first)).toMatchObject({ status: "open", acceptedAt: ISO, closedAt: null });
    await connection({ timeCreateNewTicket: 0 });
  });

  it("forwarding to a contact without a live ticket opens one accepted by the forwarding attendant", async () => {
    const id = await w.customerWrites("Paulo");
    await put(id, { status: "open", userId: w.admin.user.id });
    const [message] = await w.t.kernel.db.select({ id: messages.id }).from(messages).where(eq(messages.ticketId, id));
    const contactId = await contact("5511933330001");
    const res = await w.t.call("POST", "/message/forward", { token: w.admin.token, body: { messageId: message!.id, contactId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await times(res.body.ticketId)).toMatchObject({ status: "open", acceptedAt: ISO, closedAt: null });
  });
});
