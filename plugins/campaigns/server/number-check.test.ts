import { afterEach, describe, expect, it } from "vitest";
import { definePlugin } from "../../../core/plugin/manifest.ts";
import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { createTestKernel, serverPlugins, type TestKernel } from "../../../tests/support/test-kernel.ts";
import "../../contacts/server/contacts.contract.ts";

/**
 * isWhatsappValid through a live channel's number check (`channels.checkNumber`, which the
 * whatsapp plugin offers from a connected session's onWhatsApp; here a stand-in plugin in its
 * place): items are checked in the background after they are saved, and a campaign skips the
 * invalid ones and counts them.
 */
const onWhatsApp = new Set<string>();
/** Numbers on WhatsApp as one connection's session sees them (a second connection's view), and who was asked. */
const onConnection = new Map<number, Set<string>>();
const askedThrough: (number | undefined)[] = [];
/** False: as with no connected session, nobody can tell (undefined). */
let sessionUp = true;
const numberCheckStandIn = defineServerPlugin({
  manifest: definePlugin({ id: "number-check-stand-in" }),
  migrations: [],
  setup(ctx) {
    ctx.services.provide("channels.checkNumber", async (_companyId, number, whatsappId) => {
      askedThrough.push(whatsappId);
      if (!sessionUp) return undefined;
      const known = (whatsappId != null ? onConnection.get(whatsappId) : undefined) ?? onWhatsApp;
      return known.has(number) ? number : null;
    });
  },
});

let t: TestKernel | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
  onWhatsApp.clear();
  onConnection.clear();
  askedThrough.length = 0;
  sessionUp = true;
});

const ON = "5511912345678";
const OFF = "5511900001111";

async function world() {
  t = await createTestKernel({ plugins: [...serverPlugins.filter((p) => p.manifest.id !== "whatsapp"), numberCheckStandIn] });
  const admin = await t.login();
  const call = (method: string, path: string, body?: unknown) => t!.call(method, path, { token: admin.token, body });
  const connection = (await call("POST", "/whatsapp", { name: "Campanhas API", channel: "api", webhookUrl: "http://127.0.0.1:9/hook" })).body;
  return { t, call, connection };
}

async function settle(k: TestKernel) {
  while ((await k.kernel.jobs.runDue()) > 0) {}
}

describe("isWhatsappValid per list item", () => {
  it("asks the connected session about each saved number; a campaign skips the invalid ones and counts them", async () => {
    const { t: k, call, connection } = await world();
    onWhatsApp.add(ON);
    const list = await call("POST", "/contact-lists", { name: "Clientes" });
    const on = await call("POST", "/contact-list-items", { name: "Existe", number: ON, contactListId: list.body.id });
    const off = await call("POST", "/contact-list-items", { name: "Não existe", number: OFF, contactListId: list.body.id });
    expect(off.body.isWhatsappValid).toBe(true); // until the channel answers
    await settle(k);
    const items = await call("GET", `/contact-list-items?contactListId=${list.body.id}`);
    const byNumber = Object.fromEntries(items.body.contacts.map((i: { number: string; isWhatsappValid: boolean }) => [i.number, i.isWhatsappValid]));
    expect(byNumber).toEqual({ [ON]: true, [OFF]: false });
    expect(on.status).toBe(200);
    // The channel learns the number exists; a change of the item's number asks again.
    onWhatsApp.add("5511900002222");
    await call("PUT", `/contact-list-items/${off.body.id}`, { number: "5511900002222" });
    await settle(k);
    expect((await call("GET", `/contact-list-items/${off.body.id}`)).body.isWhatsappValid).toBe(true);
    await call("PUT", `/contact-list-items/${off.body.id}`, { number: OFF });
    await settle(k);

    await call("POST", "/campaign-settings", {
      settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, sabado: true, domingo: true, startHour: "00:00", endHour: "24:00" },
    });
    const before = await call("POST", "/campaigns", { name: "Promo", whatsappId: connection.id, contactListId: list.body.id, message1: "Oi" });
    expect((await call("GET", `/campaigns/${before.body.id}/report`)).body).toMatchObject({ contacts: 2, valid: 1 });
    const c = await call("POST", "/campaigns", {
      name: "Promo 2",
      whatsappId: connection.id,
      contactListId: list.body.id,
      message1: "Oi",
      scheduledAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await settle(k);
    expect((await call("GET", `/campaigns/${c.body.id}/report`)).body).toMatchObject({ status: "FINALIZADA", contacts: 2, valid: 1, invalid: 1, delivered: 1, failed: 0 });
  });

  it("an import names the connection whose session checks its numbers (two connections); without one, the company's first answers", async () => {
    const { t: k, call, connection } = await world();
    const second = (await call("POST", "/whatsapp", { name: "Segundo número", channel: "api", webhookUrl: "http://127.0.0.1:9/hook2" })).body;
    onWhatsApp.add(ON); // the first session's answer: only ON
    onConnection.set(second.id, new Set([ON, OFF])); // the second connection's session knows both
    const list = await call("POST", "/contact-lists", { name: "Clientes" });
    const form = (whatsappId?: number) => {
      const f = new FormData();
      f.append("file", new File([`Nome;Numero\nAna;${ON}\nBia;${OFF}\n`], "lista.csv", { type: "text/csv" }));
      if (whatsappId != null) f.append("whatsappId", String(whatsappId));
      return f;
    };
    const valid = async () => {
      const items = await call("GET", `/contact-list-items?contactListId=${list.body.id}`);
      return Object.fromEntries(items.body.contacts.map((i: { number: string; isWhatsappValid: boolean }) => [i.number, i.isWhatsappValid]));
    };
    expect((await call("POST", `/contact-lists/${list.body.id}/upload`, form(second.id))).body).toMatchObject({ imported: 2 });
    await settle(k);
    expect(askedThrough).toEqual([second.id, second.id]);
    expect(await valid()).toEqual({ [ON]: true, [OFF]: true });
    // Another company's connection, or none of the company's: 404, nothing imported.
    expect((await call("POST", `/contact-lists/${list.body.id}/upload`, form(9999))).body.error).toBe("ERR_NO_WAPP_FOUND");
    // Without a connection: as before, the company's first session answers (OFF is not on it).
    const other = await call("POST", "/contact-lists", { name: "Outra" });
    await call("POST", `/contact-lists/${other.body.id}/upload`, form());
    await settle(k);
    expect(askedThrough.slice(2)).toEqual([undefined, undefined]);
    expect(connection.id).not.toBe(second.id);
  });

  it("no session that can tell leaves the items valid", async () => {
    const { t: k, call } = await world();
    sessionUp = false;
    const list = await call("POST", "/contact-lists", { name: "Clientes" });
    const item = await call("POST", "/contact-list-items", { name: "Alguém", number: OFF, contactListId: list.body.id });
    await settle(k);
    expect((await call("GET", `/contact-list-items/${item.body.id}`)).body.isWhatsappValid).toBe(true);
  });
});
