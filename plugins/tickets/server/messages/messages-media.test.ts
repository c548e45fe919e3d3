import { existsSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin } from "../../../../tests/support/fixtures.ts";
import { tickets } from "../../schema/tables.ts";
import { conversation, type Conversation, file, messagesOfTicket, sendText } from "./messages.fixtures.ts";

let c: Conversation;
afterEach(() => c.t.close());

const upload = (form: FormData, ticketId = c.ticket.id, token = c.a.token) => c.t.call("POST", `/messages/${ticketId}`, { token, body: form });
const formWith = (files: File[], fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const f of files) form.append("medias", f);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
};

describe("media: happy", () => {
  it("one message per file, the caption on the first, each delivered with its stored file", async () => {
    c = await conversation();
    const res = await upload(formWith([file("foto 1.png", "image/png", 100), file("doc.pdf", "application/pdf", 200)], { body: "veja" }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({ mediaType: "image", body: "veja", fromMe: true, ack: 0 });
    expect(res.body[1]).toMatchObject({ mediaType: "application", body: "" });
    expect(res.body[0].mediaUrl).toMatch(new RegExp(`^/public/company${c.a.company.id}/[A-Za-z0-9_-]+\\.png$`));
    expect(existsSync(join(c.t.dataDir, res.body[0].mediaUrl))).toBe(true);
    const [ticket] = await c.t.kernel.db.select().from(tickets).where(eq(tickets.id, c.ticket.id));
    expect(ticket!.lastMessage).toBe("doc.pdf");

    await c.t.kernel.jobs.runDue();
    expect(c.driver.sends.map((s) => s.message.kind)).toEqual(["media", "media"]);
    expect(c.driver.sends[0]!.message.media).toMatchObject({ url: res.body[0].mediaUrl, mimetype: "image/png", fileName: "foto_1.png" });
  });

  it("audio files go as kind audio; a single file works too", async () => {
    c = await conversation();
    const res = await upload(formWith([file("voz.ogg", "audio/ogg", 20_000)]));
    expect(res.body[0]).toMatchObject({ mediaType: "audio" });
    await c.t.kernel.jobs.runDue();
    expect(c.driver.sends[0]!.message.kind).toBe("audio");
  });

  it("a stored file of the company may be sent again by its URL (JSON mediaUrl)", async () => {
    c = await conversation();
    const first = await upload(formWith([file("a.png", "image/png", 10)]));
    const again = await sendText(c, { body: "de novo", mediaUrl: first.body[0].mediaUrl });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ mediaType: "image", mediaUrl: first.body[0].mediaUrl, body: "de novo" });
  });
});

describe("media: errors", () => {
  it("a file over the limit refuses the whole batch (ERR_PAYLOAD_TOO_LARGE) and stores nothing", async () => {
    c = await conversation({ UPLOAD_MAX_BYTES: "1000" });
    const res = await upload(formWith([file("ok.png", "image/png", 10), file("big.png", "image/png", 5000)]));
    expect(res.status).toBe(413);
    expect(res.body.error).toBe("ERR_PAYLOAD_TOO_LARGE");
    expect(await messagesOfTicket(c.t, c.a.company.id, c.ticket.id)).toHaveLength(1);
  });

  it("a multipart send without files is a validation error; a closed ticket refuses files", async () => {
    c = await conversation();
    expect((await upload(formWith([], { body: "x" }))).body).toMatchObject({ error: "ERR_VALIDATION", fields: { medias: "Required" } });
    await c.t.kernel.db.update(tickets).set({ status: "closed" }).where(eq(tickets.id, c.ticket.id));
    expect((await upload(formWith([file("a.png", "image/png", 10)]))).body.error).toBe("ERR_SENDING_WAPP_MSG");
  });

  it("another company cannot post files into the ticket", async () => {
    c = await conversation();
    const beta = await createCompanyWithAdmin(c.t, "Beta");
    expect((await upload(formWith([file("a.png", "image/png", 10)]), c.ticket.id, beta.token)).status).toBe(404);
  });
});
