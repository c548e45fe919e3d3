import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "../../../../tests/support/fixtures.ts";
import { messages } from "../../schema/tables.ts";
import { DELIVER_JOB, EDIT_JOB, REMOVE_JOB } from "../delivery/deliver.ts";
import { conversation, type Conversation, jobsOf, messageRow, runJobsNow, sendText } from "./messages.fixtures.ts";

let c: Conversation;
beforeEach(async () => {
  c = await conversation();
});
afterEach(() => c.t.close());

const edit = (id: number, body: unknown, token = c.a.token) => c.t.call("POST", `/messages/edit/${id}`, { token, body });
const remove = (id: number, token = c.a.token) => c.t.call("DELETE", `/messages/${id}`, { token });
const ageMinutes = (id: number, minutes: number) =>
  c.t.kernel.db
    .update(messages)
    .set({ createdAt: new Date(Date.now() - minutes * 60_000).toISOString() })
    .where(eq(messages.id, id));

describe("edit and delete: happy", () => {
  it("edits an own message within 15 minutes; the driver edits it through the outbox", async () => {
    const sent = await sendText(c, { body: "original" });
    await c.t.kernel.jobs.runDue();
    await ageMinutes(sent.body.id, 14);
    const res = await edit(sent.body.id, { body: "corrigido" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: sent.body.id, body: "corrigido", isEdited: true });
    expect(await jobsOf(c.t, EDIT_JOB, sent.body.id)).toHaveLength(1);
    await c.t.kernel.jobs.runDue();
    expect(c.driver.edits).toHaveLength(1);
    expect(c.driver.edits[0]!.message).toEqual({ id: sent.body.id, providerId: sent.body.providerId, body: "corrigido" });
  });

  it("a signed message keeps its signature through an edit", async () => {
    const sent = await sendText(c, { body: "assinado", signMessage: true });
    const res = await edit(sent.body.id, { body: "novo texto" });
    expect(res.body.body).toBe(`*${c.a.user.name}:*\nnovo texto`);
  });

  it("an edit before the first delivery waits for it (the send carries the new text)", async () => {
    c.driver.failures = 1;
    const sent = await sendText(c, { body: "v1" });
    await c.t.kernel.jobs.runDue(); // send fails
    await edit(sent.body.id, { body: "v2" });
    await runJobsNow(c.t); // send succeeds with v2; the edit job runs after it in due order or retries
    await runJobsNow(c.t);
    await runJobsNow(c.t);
    expect(c.driver.sends.map((s) => s.message.body)).toEqual(["v2"]);
    expect(c.driver.edits.map((e) => e.message.body)).toEqual(["v2"]);
    expect((await messageRow(c.t, sent.body.id)).ack).toBe(1);
  });

  it("deletes an own message for everybody", async () => {
    const sent = await sendText(c, { body: "apagar" });
    await c.t.kernel.jobs.runDue();
    const res = await remove(sent.body.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isDeleted: true, deletedBy: "me" });
    await c.t.kernel.jobs.runDue();
    expect(c.driver.removes).toHaveLength(1);
    expect(c.driver.removes[0]!.message).toEqual({ id: sent.body.id, providerId: sent.body.providerId, fromMe: true });
    // deleting twice changes nothing and queues nothing more
    expect((await remove(sent.body.id)).status).toBe(200);
    expect(await jobsOf(c.t, REMOVE_JOB, sent.body.id)).toHaveLength(1);
  });

  it("a message deleted before it left is never sent", async () => {
    const sent = await sendText(c, { body: "nunca" });
    await remove(sent.body.id);
    await runJobsNow(c.t);
    expect(c.driver.sends).toHaveLength(0);
    expect(c.driver.removes).toHaveLength(0);
    expect((await jobsOf(c.t, DELIVER_JOB, sent.body.id))[0]!.status).toBe("done");
  });

  it("an admin may edit or delete a message of another attendant", async () => {
    const plain = await createUser(c.t, c.a.company.id, { allTicket: "enable" });
    const sent = await sendText(c, { body: "x" });
    await c.t.kernel.db.update(messages).set({ userId: plain.user.id }).where(eq(messages.id, sent.body.id));
    expect((await edit(sent.body.id, { body: "y" })).status).toBe(200);
  });
});

describe("edit and delete: errors", () => {
  it("an edit after 15 minutes is refused (ERR_EDIT_WINDOW_EXPIRED)", async () => {
    const sent = await sendText(c, { body: "velho" });
    await ageMinutes(sent.body.id, 16);
    const res = await edit(sent.body.id, { body: "tarde" });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_EDIT_WINDOW_EXPIRED");
    expect((await messageRow(c.t, sent.body.id)).body).toBe("velho");
  });

  it("the customer's messages can be neither edited nor deleted", async () => {
    expect((await edit(c.inbound.id, { body: "hack" })).body.error).toBe("ERR_NO_PERMISSION");
    expect((await remove(c.inbound.id)).body.error).toBe("ERR_NO_PERMISSION");
  });

  it("a plain user cannot edit or delete another attendant's message", async () => {
    const plain = await createUser(c.t, c.a.company.id, { allTicket: "enable" });
    const { tickets } = await import("../../schema/tables.ts");
    await c.t.kernel.db.update(tickets).set({ userId: plain.user.id });
    const sent = await sendText(c, { body: "do admin" });
    expect((await edit(sent.body.id, { body: "meu" }, plain.token)).status).toBe(403);
    expect((await remove(sent.body.id, plain.token)).status).toBe(403);
  });

  it("an empty edit, a deleted message and an unknown id are refused", async () => {
    const sent = await sendText(c, { body: "x" });
    expect((await edit(sent.body.id, { body: "  " })).body).toMatchObject({ error: "ERR_VALIDATION", fields: { body: "Required" } });
    await remove(sent.body.id);
    expect((await edit(sent.body.id, { body: "y" })).status).toBe(400);
    expect((await edit(99999, { body: "y" })).status).toBe(404);
    expect((await remove(99999)).status).toBe(404);
  });
});

describe("the customer's edits and deletions", () => {
  const ref = () => ({ companyId: c.a.company.id, whatsappId: c.connection.id, providerId: "in-1" });

  it("providerEdited changes the text and marks it edited", async () => {
    expect(await c.t.kernel.services.require("tickets.providerEdited")(ref(), "oi, editado")).toBe(true);
    expect(await messageRow(c.t, c.inbound.id)).toMatchObject({ body: "oi, editado", isEdited: true });
    expect(await c.t.kernel.services.require("tickets.providerEdited")({ ...ref(), providerId: "x" }, "?")).toBe(false);
  });

  it("providerDeleted keeps the text unless lgpdDeleteMessage is enabled", async () => {
    expect(await c.t.kernel.services.require("tickets.providerDeleted")(ref())).toBe(true);
    expect(await messageRow(c.t, c.inbound.id)).toMatchObject({ isDeleted: true, deletedBy: "contact", body: "oi" });
    await c.t.kernel.settings.setCompany(c.a.company.id, "lgpdDeleteMessage", "enabled");
    await c.t.kernel.services.require("tickets.receive")({
      companyId: c.a.company.id,
      whatsappId: c.connection.id,
      providerId: "in-2",
      from: { number: "5511987654321" },
      body: "segredo",
    });
    await c.t.kernel.services.require("tickets.providerDeleted")({ ...ref(), providerId: "in-2" });
    const [row] = await c.t.kernel.db.select().from(messages).where(eq(messages.providerId, "in-2"));
    expect(row).toMatchObject({ isDeleted: true, deletedBy: "contact", body: "" });
  });
});
