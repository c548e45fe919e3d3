import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { connectionsKernel, createConnection, createQueue } from "./connections.fixtures.ts";

let t: TestKernel;
let acme: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await connectionsKernel();
  acme = await createCompanyWithAdmin(t, "Acme");
});
afterEach(() => t.close());

describe("connections: happy", () => {
  it("creates a connection with the spec's defaults, a 30-character token, and lists it", async () => {
    const created = await createConnection(t, acme.token, { name: "Vendas" });
    expect(created).toMatchObject({
      name: "Vendas",
      channel: "whatsapp",
      status: "DISCONNECTED",
      provider: "beta",
      isDefault: true,
      maxUseBotQueues: 3,
      timeUseBotQueues: 0,
      timeSendQueue: 0,
      expiresTicket: 0,
      maxUseBotQueuesNPS: 3,
      groupAsTicket: "disabled",
      queues: [],
      queueIds: [],
      greetingMediaAttachment: null,
      companyId: acme.company.id,
    });
    expect(created.token).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(created.schedules).toHaveLength(7);
    expect(created.schedules[0]).toMatchObject({ weekdayEn: "monday", startTimeA: "08:00", endTimeA: "12:00", startTimeB: "13:00", endTimeB: "18:00" });
    const list = await t.call("GET", "/whatsapp/?session=0", { token: acme.token });
    expect(list.status).toBe(200);
    expect(list.body.map((w: { name: string }) => w.name)).toEqual(["Vendas"]);
    const one = await t.call("GET", `/whatsapp/${created.id}?session=0`, { token: acme.token });
    expect(one.body).toMatchObject({ id: created.id, token: created.token });
  });

  it("the first connection is default; setting another default unsets the first", async () => {
    const first = await createConnection(t, acme.token, { name: "Um" });
    const second = await createConnection(t, acme.token, { name: "Dois" });
    expect([first.isDefault, second.isDefault]).toEqual([true, false]);
    const moved = await t.call("PUT", `/whatsapp/${second.id}`, { token: acme.token, body: { isDefault: true } });
    expect(moved.body.isDefault).toBe(true);
    const list = (await t.call("GET", "/whatsapp", { token: acme.token })).body as { name: string; isDefault: boolean }[];
    expect(list.map((w) => [w.name, w.isDefault])).toEqual([
      ["Um", false],
      ["Dois", true],
    ]);
    const third = await createConnection(t, acme.token, { name: "Três", isDefault: true });
    expect(third.isDefault).toBe(true);
    const defaults = (await t.call("GET", "/whatsapp", { token: acme.token })).body.filter((w: { isDefault: boolean }) => w.isDefault);
    expect(defaults.map((w: { name: string }) => w.name)).toEqual(["Três"]);
  });

  it("links queues, edits settings and deletes a non-default connection", async () => {
    const q1 = await createQueue(t, acme.token, "Suporte", "#112233");
    const q2 = await createQueue(t, acme.token, "Vendas", "#445566");
    const main = await createConnection(t, acme.token, { queueIds: [q1, q2], greetingMessage: "Bem-vindo! Escolha:" });
    expect(main.queues.map((q: { name: string }) => q.name)).toEqual(["Suporte", "Vendas"]);
    expect(main.queueIds).toEqual([q1, q2]);
    const other = await createConnection(t, acme.token, { name: "Reserva" });
    const edited = await t.call("PUT", `/whatsapp/${other.id}`, {
      token: acme.token,
      body: { name: "Reserva 2", queueIds: [q2], timeSendQueue: 5, sendIdQueue: q1, expiresTicket: "24", whenExpiresTicket: 1, allowGroup: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: "Reserva 2", queueIds: [q2], timeSendQueue: 5, sendIdQueue: q1, expiresTicket: 24, whenExpiresTicket: "1", allowGroup: true });
    expect(edited.body.token).toBe(other.token);
    expect((await t.call("DELETE", `/whatsapp/${other.id}`, { token: acme.token })).status).toBe(200);
    expect((await t.call("GET", `/whatsapp/${other.id}`, { token: acme.token })).status).toBe(404);
  });

  it("deleting the only (default) connection is allowed", async () => {
    const only = await createConnection(t, acme.token);
    expect((await t.call("DELETE", `/whatsapp/${only.id}`, { token: acme.token })).status).toBe(200);
    expect((await t.call("GET", "/whatsapp", { token: acme.token })).body).toEqual([]);
  });

  it("regenerating the token changes it; the token is not otherwise changeable", async () => {
    const conn = await createConnection(t, acme.token);
    const ignored = await t.call("PUT", `/whatsapp/${conn.id}`, { token: acme.token, body: { token: "A".repeat(30) } });
    expect(ignored.body.token).toBe(conn.token);
    const res = await t.call("POST", `/whatsapp/${conn.id}/token`, { token: acme.token });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(res.body.token).not.toBe(conn.token);
    const byToken = t.kernel.services.require("connections.byToken");
    expect(await byToken(conn.token)).toBeNull();
    expect((await byToken(res.body.token))?.id).toBe(conn.id);
  });

  it("filters by channel and creates an API connection with a webhook", async () => {
    await createConnection(t, acme.token, { name: "Zap" });
    const emit = vi.spyOn(t.kernel.realtime, "emit");
    const api = await createConnection(t, acme.token, { name: "Integração", channel: "api", webhookUrl: "http://127.0.0.1:9/hook" });
    // The spec's clients know only the spec's channels: the API channel answers whatsapp, its driver as channelKind (issue 32).
    expect(api).toMatchObject({ channel: "whatsapp", channelKind: "api", webhookUrl: "http://127.0.0.1:9/hook", status: "CONNECTED" });
    expect(emit.mock.calls.map((c) => c[2])).toContainEqual({ action: "update", whatsapp: expect.objectContaining({ id: api.id, channel: "whatsapp", channelKind: "api" }) });
    await createConnection(t, acme.token, { name: "Insta", channel: "instagram" });
    const res = await t.call("GET", "/whatsapp/filter?session=0&channel=api", { token: acme.token });
    expect(res.body.map((w: { name: string; channel: string; channelKind: string }) => [w.name, w.channel, w.channelKind])).toEqual([["Integração", "whatsapp", "api"]]);
    const all = await t.call("GET", "/whatsapp/filter", { token: acme.token });
    expect(all.body.map((w: { name: string; channel: string; channelKind: string }) => [w.name, w.channel, w.channelKind])).toEqual([
      ["Zap", "whatsapp", "whatsapp"],
      ["Integração", "whatsapp", "api"],
      ["Insta", "instagram", "instagram"],
    ]);
    expect((await t.call("GET", `/whatsapp/${api.id}`, { token: acme.token })).body).toMatchObject({ channel: "whatsapp", channelKind: "api" });
    const edited = await t.call("PUT", `/whatsapp/${api.id}`, { token: acme.token, body: { name: "Integração 2" } });
    expect(edited.body).toMatchObject({ channel: "whatsapp", channelKind: "api" });
    const superToken = (await t.login()).token;
    const everywhere = await t.call("GET", "/whatsapp/all", { token: superToken });
    expect(everywhere.body.find((w: { id: number }) => w.id === api.id)).toMatchObject({ channel: "whatsapp", channelKind: "api" });
    expect((await t.call("GET", `/whatsapp-admin/${api.id}`, { token: superToken })).body).toMatchObject({ channel: "whatsapp", channelKind: "api" });
  });

  it("plain users read the list without tokens; allowConnections users manage and see tokens", async () => {
    const conn = await createConnection(t, acme.token);
    const plain = await createUser(t, acme.company.id);
    const list = await t.call("GET", "/whatsapp", { token: plain.token });
    expect(list.status).toBe(200);
    expect(list.body[0].name).toBe("Principal");
    expect(list.body[0]).not.toHaveProperty("token");
    expect((await t.call("GET", `/whatsapp/${conn.id}`, { token: plain.token })).body).not.toHaveProperty("token");
    expect((await t.call("GET", "/whatsapp/filter", { token: plain.token })).body[0]).not.toHaveProperty("token");
    const manager = await createUser(t, acme.company.id, { allowConnections: "enabled" });
    expect((await t.call("GET", "/whatsapp", { token: manager.token })).body[0].token).toBe(conn.token);
    const made = await t.call("POST", "/whatsapp", { token: manager.token, body: { name: "Do gerente" } });
    expect(made.status).toBe(200);
  });

  it("emits company-{id}-whatsapp updates and deletes without the token", async () => {
    const emit = vi.spyOn(t.kernel.realtime, "emit");
    const conn = await createConnection(t, acme.token);
    const topic = `company-${acme.company.id}-whatsapp`;
    const update = emit.mock.calls.find((c) => c[1] === topic);
    expect(update?.[2]).toMatchObject({ action: "update", whatsapp: { id: conn.id, name: "Principal" } });
    expect((update![2] as { whatsapp: object }).whatsapp).not.toHaveProperty("token");
    await t.call("DELETE", `/whatsapp/${conn.id}`, { token: acme.token });
    expect(emit.mock.calls.some((c) => c[1] === topic && JSON.stringify(c[2]) === JSON.stringify({ action: "delete", whatsappId: conn.id }))).toBe(true);
  });

  it("uploads and removes greeting media (image or video)", async () => {
    const conn = await createConnection(t, acme.token);
    const form = new FormData();
    form.append("file", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], "boas vindas.png", { type: "image/png" }));
    const up = await t.call("POST", `/whatsapp/${conn.id}/media-upload`, { token: acme.token, body: form });
    expect(up.status).toBe(200);
    expect(up.body.greetingMediaAttachment).toMatch(new RegExp(`^/public/company${acme.company.id}/[A-Za-z0-9_-]+\\.png$`));
    const video = new FormData();
    video.append("file", new File([new Uint8Array([0, 0, 0, 24])], "intro.mp4", { type: "video/mp4" }));
    const replaced = await t.call("POST", `/whatsapp/${conn.id}/media-upload`, { token: acme.token, body: video });
    expect(replaced.body.greetingMediaAttachment).toMatch(/\.mp4$/);
    expect(await t.kernel.storage.read(up.body.greetingMediaAttachment.slice("/public/".length))).toBeNull();
    const removed = await t.call("DELETE", `/whatsapp/${conn.id}/media-upload`, { token: acme.token });
    expect(removed.body.greetingMediaAttachment).toBeNull();
  });

  it("the super user lists every company's connections and opens any one", async () => {
    const conn = await createConnection(t, acme.token);
    const superToken = (await t.login()).token;
    const all = await t.call("GET", "/whatsapp/all/?session=0", { token: superToken });
    expect(all.status).toBe(200);
    expect(all.body.map((w: { id: number }) => w.id)).toContain(conn.id);
    expect((await t.call("GET", "/whatsapp/all", { token: superToken })).body).toEqual(all.body);
    const one = await t.call("GET", `/whatsapp-admin/${conn.id}?session=0`, { token: superToken });
    expect(one.body).toMatchObject({ id: conn.id, companyId: acme.company.id });
  });

  it("editing a CONNECTED connection with import enabled drops the session (status qrcode)", async () => {
    const q = await createQueue(t, acme.token, "Importadas", "#0a0b0c");
    const conn = await createConnection(t, acme.token, { enableImportMessage: true, queueIdImportMessages: q });
    await t.kernel.services.require("connections.setStatus")(acme.company.id, conn.id, { status: "CONNECTED", number: "5511999990000" });
    const resets: unknown[] = [];
    t.kernel.bus.on("connections.session.reset", (e) => void resets.push(e));
    const edited = await t.call("PUT", `/whatsapp/${conn.id}`, { token: acme.token, body: { name: "Editada" } });
    expect(edited.body).toMatchObject({ name: "Editada", status: "qrcode", qrcode: "" });
    expect(resets).toEqual([{ companyId: acme.company.id, whatsappId: conn.id }]);
    // Without import, editing leaves the session alone.
    const plain = await createConnection(t, acme.token, { name: "Sem importação" });
    await t.kernel.services.require("connections.setStatus")(acme.company.id, plain.id, { status: "CONNECTED" });
    expect((await t.call("PUT", `/whatsapp/${plain.id}`, { token: acme.token, body: { name: "Outra" } })).body.status).toBe("CONNECTED");
  });

  it("a spec client's null import flags mean import off and no import queue or dates", async () => {
    const q = await createQueue(t, acme.token, "Importadas", "#0a0b0c");
    const since = new Date(Date.now() - 10 * 24 * 3600 * 1000).toISOString();
    const conn = await createConnection(t, acme.token, {
      enableImportMessage: true,
      queueIdImportMessages: q,
      importOldMessages: since,
      importOldMessagesGroups: true,
      closedTicketsPostImported: true,
    });
    const nulls = {
      enableImportMessage: null,
      importOldMessages: null,
      importRecentMessages: null,
      importOldMessagesGroups: null,
      closedTicketsPostImported: null,
      queueIdImportMessages: null,
    };
    const res = await t.call("PUT", `/whatsapp/${conn.id}`, { token: acme.token, body: { name: "Sem importação", ...nulls } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ...nulls, enableImportMessage: false, importOldMessagesGroups: false, closedTicketsPostImported: false });
    const created = await createConnection(t, acme.token, { name: "Nova", ...nulls });
    expect(created).toMatchObject({ enableImportMessage: false, importOldMessagesGroups: false, closedTicketsPostImported: false, queueIdImportMessages: null });
  });

  it("deleting a connection tells the session layer and clears it as users' default", async () => {
    const conn = await createConnection(t, acme.token);
    const deleted: unknown[] = [];
    t.kernel.bus.on("connections.whatsapp.deleted", (e) => void deleted.push(e));
    const user = await createUser(t, acme.company.id);
    expect((await t.call("PUT", `/users/${user.user.id}`, { token: acme.token, body: { whatsappId: conn.id } })).body.whatsappId).toBe(conn.id);
    await t.call("DELETE", `/whatsapp/${conn.id}`, { token: acme.token });
    expect(deleted).toEqual([{ companyId: acme.company.id, whatsappId: conn.id }]);
    const me = await t.call("GET", "/auth/me", { token: user.token });
    expect(me.body.user?.whatsappId ?? me.body.whatsappId).toBeNull();
  });

  it("offers the connections.* services", async () => {
    const conn = await createConnection(t, acme.token);
    const s = t.kernel.services;
    expect((await s.get("connections.get")!(acme.company.id, conn.id))?.name).toBe("Principal");
    expect((await s.get("connections.default")!(acme.company.id))?.id).toBe(conn.id);
    const emit = vi.spyOn(t.kernel.realtime, "emit");
    await s.get("connections.setStatus")!(acme.company.id, conn.id, { status: "qrcode", qrcode: "2@abc", retries: 1 });
    const after = await t.call("GET", `/whatsapp/${conn.id}`, { token: acme.token });
    expect(after.body).toMatchObject({ status: "qrcode", qrcode: "2@abc", retries: 1 });
    expect(emit).toHaveBeenCalledWith(acme.company.id, `company-${acme.company.id}-whatsapp`, expect.objectContaining({ action: "update" }));
  });
});
