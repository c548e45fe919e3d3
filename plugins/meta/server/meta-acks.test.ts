import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeWorld, IGSID, linkCloud, linkPage, metaWorld, PAGE, payloads, postWebhook, PSID, WA_ID, type MetaWorld } from "./meta.fixtures.ts";
import { openConversation, reply, sentMessages } from "./meta-outbound.fixtures.ts";

let w: MetaWorld;
beforeEach(async () => {
  w = await metaWorld();
});
afterEach(() => closeWorld(w));

const fbEvent = (event: Record<string, unknown>) => payloads.messaging("page", PAGE.id, [{ sender: { id: PSID }, recipient: { id: PAGE.id }, timestamp: Date.now(), ...event }]);

describe("deliveries and reads raise acks", () => {
  it("Messenger watermarks: delivered (2) then read (3) for every message sent up to that time", async () => {
    await linkPage(w);
    const ticket = await openConversation(w, payloads.messaging("page", PAGE.id, [payloads.message(PSID, PAGE.id, { mid: "m_in", text: "oi" })]));
    await reply(w, ticket.id, { body: "um" });
    await reply(w, ticket.id, { body: "dois" });
    const watermark = Date.now() + 1;
    expect((await postWebhook(w.t, fbEvent({ delivery: { watermark } }))).status).toBe(200);
    expect((await sentMessages(w, ticket.uuid)).map((m) => m.ack)).toEqual([2, 2]);
    await postWebhook(w.t, fbEvent({ read: { watermark } }));
    expect((await sentMessages(w, ticket.uuid)).map((m) => m.ack)).toEqual([3, 3]);
    // A late delivery never lowers a read.
    await postWebhook(w.t, fbEvent({ delivery: { watermark } }));
    expect((await sentMessages(w, ticket.uuid)).map((m) => m.ack)).toEqual([3, 3]);
  });

  it("a watermark before a message leaves it alone; delivery mids are acked by id", async () => {
    await linkPage(w);
    const ticket = await openConversation(w, payloads.messaging("page", PAGE.id, [payloads.message(PSID, PAGE.id, { mid: "m_in", text: "oi" })]));
    await reply(w, ticket.id, { body: "um" });
    await postWebhook(w.t, fbEvent({ delivery: { watermark: Date.now() - 60_000 } }));
    const [first] = await sentMessages(w, ticket.uuid);
    expect(first!.ack).toBe(1);
    await postWebhook(w.t, fbEvent({ delivery: { mids: [first!.providerId], watermark: Date.now() - 60_000 } }));
    expect((await sentMessages(w, ticket.uuid))[0]!.ack).toBe(2);
  });

  it("an Instagram read names one message: it and the earlier ones are read", async () => {
    await linkPage(w);
    const ticket = await openConversation(w, payloads.messaging("instagram", PAGE.instagram.id, [payloads.message(IGSID, PAGE.instagram.id, { mid: "ig_in", text: "oi" })]));
    await reply(w, ticket.id, { body: "um" });
    await new Promise((r) => setTimeout(r, 5));
    await reply(w, ticket.id, { body: "dois" });
    const [, second] = await sentMessages(w, ticket.uuid);
    await postWebhook(
      w.t,
      payloads.messaging("instagram", PAGE.instagram.id, [
        { sender: { id: IGSID }, recipient: { id: PAGE.instagram.id }, timestamp: Date.now(), read: { mid: second!.providerId } },
      ]),
    );
    expect((await sentMessages(w, ticket.uuid)).map((m) => m.ack)).toEqual([3, 3]);
  });

  it("Cloud API statuses: sent 1, delivered 2, read 3", async () => {
    await linkCloud(w);
    const ticket = await openConversation(w, payloads.cloudMessage({ id: "wamid.IN", type: "text", text: { body: "oi" } }));
    await reply(w, ticket.id, { body: "olá" });
    const [sent] = await sentMessages(w, ticket.uuid);
    const status = (s: string) => payloads.cloud({ statuses: [{ id: sent!.providerId, status: s, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: WA_ID }] });
    await postWebhook(w.t, status("delivered"));
    expect((await sentMessages(w, ticket.uuid))[0]!.ack).toBe(2);
    await postWebhook(w.t, status("read"));
    expect((await sentMessages(w, ticket.uuid))[0]!.ack).toBe(3);
    await postWebhook(w.t, status("sent"));
    expect((await sentMessages(w, ticket.uuid))[0]!.ack).toBe(3);
  });
});
