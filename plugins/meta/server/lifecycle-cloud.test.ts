import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openConversation } from "./meta-outbound.fixtures.ts";
import { closeWorld, linkCloud, metaWorld, payloads, postWebhook, type MetaWorld } from "./meta.fixtures.ts";

/**
 * Issue 14 on the WhatsApp Cloud API (the Graph stand-in): the rating question, the customer's
 * answer from a real-shaped webhook, and the farewell travel like any outbound text.
 */
let w: MetaWorld;
let cloud: { id: number };
beforeEach(async () => {
  w = await metaWorld();
  cloud = await linkCloud(w);
});
afterEach(() => closeWorld(w));

async function settle() {
  while ((await w.t.kernel.jobs.runDue()) > 0) {}
}
const sentTexts = () =>
  w.graph.requests
    .map((r) => r.json as { type?: string; text?: { body?: string } } | undefined)
    .filter((b) => b?.type === "text")
    .map((b) => b!.text!.body);

describe("lifecycle on the Cloud API", () => {
  it("resolve with rating: question, the customer's '10', then the farewell reach the Graph; the rating is stored", async () => {
    const edited = await w.t.call("PUT", `/whatsapp/${cloud.id}`, {
      token: w.admin.token,
      body: { ratingMessage: "De 0 a 10?", complationMessage: "Valeu, {{firstName}}!", expiresTicketNPS: 30 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await w.t.call("PUT", "/settings/userRating", { token: w.admin.token, body: { value: "enabled" } })).status).toBe(200);
    const ticket = await openConversation(w, payloads.cloudMessage({ id: "wamid.IN1", type: "text", text: { body: "oi" } }));
    const res = await w.t.call("PUT", `/tickets/${ticket.id}`, { token: w.admin.token, body: { status: "nps", userId: w.admin.userId } });
    expect(res.body.status).toBe("nps");
    await settle();
    expect(sentTexts()).toEqual(["De 0 a 10?"]);
    expect((await postWebhook(w.t, payloads.cloudMessage({ id: "wamid.IN2", type: "text", text: { body: "10" } }))).status).toBe(200);
    await settle();
    expect(sentTexts()).toEqual(["De 0 a 10?", "Valeu, Carlos!"]);
    const shown = await w.t.call("GET", `/tickets/${ticket.id}`, { token: w.admin.token });
    expect(shown.body).toMatchObject({ status: "closed", userRating: { rate: 5, score: 10 } });
  });
});
