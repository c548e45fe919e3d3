import { afterEach, describe, expect, it } from "vitest";
import { type WaHarness, waHarness } from "../../whatsapp/server/messages/message-layer.fixtures.ts";

/**
 * isWhatsappValid through a live WhatsApp session (the whatsapp plugin's `channels.checkNumber`,
 * here its fake socket): items are checked in the background after they are saved, and a
 * campaign skips the invalid ones and counts them.
 */
let h: WaHarness | null = null;
afterEach(async () => {
  await h?.t.close();
  h = null;
});

const ON = "5511912345678";
const OFF = "5511900001111";

async function settle(world: WaHarness) {
  while ((await world.t.kernel.jobs.runDue()) > 0) {}
}

describe("isWhatsappValid per list item", () => {
  it("asks the connected session about each saved number; a campaign skips the invalid ones and counts them", async () => {
    h = await waHarness();
    h.socket.onWhatsAppNumbers.add(ON);
    const call = (method: string, path: string, body?: unknown) => h!.t.call(method, path, { token: h!.admin.token, body });
    const list = await call("POST", "/contact-lists", { name: "Clientes" });
    const on = await call("POST", "/contact-list-items", { name: "Existe", number: ON, contactListId: list.body.id });
    const off = await call("POST", "/contact-list-items", { name: "Não existe", number: OFF, contactListId: list.body.id });
    expect(off.body.isWhatsappValid).toBe(true); // until the channel answers
    await settle(h);
    const items = await call("GET", `/contact-list-items?contactListId=${list.body.id}`);
    const byNumber = Object.fromEntries(items.body.contacts.map((i: { number: string; isWhatsappValid: boolean }) => [i.number, i.isWhatsappValid]));
    expect(byNumber).toEqual({ [ON]: true, [OFF]: false });
    expect(on.status).toBe(200);
    // The channel learns the number exists; a change of the item's number asks again.
    h.socket.onWhatsAppNumbers.add("5511900002222");
    await call("PUT", `/contact-list-items/${off.body.id}`, { number: "5511900002222" });
    await settle(h);
    expect((await call("GET", `/contact-list-items/${off.body.id}`)).body.isWhatsappValid).toBe(true);
    await call("PUT", `/contact-list-items/${off.body.id}`, { number: OFF });
    await settle(h);

    await call("POST", "/campaign-settings", {
      settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, sabado: true, domingo: true, startHour: "00:00", endHour: "24:00" },
    });
    const before = await call("POST", "/campaigns", { name: "Promo", whatsappId: h.connection.id, contactListId: list.body.id, message1: "Oi" });
    expect((await call("GET", `/campaigns/${before.body.id}/report`)).body).toMatchObject({ contacts: 2, valid: 1 });
    const c = await call("POST", "/campaigns", {
      name: "Promo 2",
      whatsappId: h.connection.id,
      contactListId: list.body.id,
      message1: "Oi",
      scheduledAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await settle(h);
    expect((await call("GET", `/campaigns/${c.body.id}/report`)).body).toMatchObject({ status: "FINALIZADA", contacts: 2, valid: 1, invalid: 1, delivered: 1, failed: 0 });
  });

  it("no session that can tell leaves the items valid", async () => {
    h = await waHarness();
    h.sessions.close(h.connection.id);
    const call = (method: string, path: string, body?: unknown) => h!.t.call(method, path, { token: h!.admin.token, body });
    const list = await call("POST", "/contact-lists", { name: "Clientes" });
    const item = await call("POST", "/contact-list-items", { name: "Alguém", number: OFF, contactListId: list.body.id });
    await settle(h);
    expect((await call("GET", `/contact-list-items/${item.body.id}`)).body.isWhatsappValid).toBe(true);
  });
});
