import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { MESSAGES } from "../shared/connection-rules.ts";
import { connectionsKernel, createConnection, createPlan, createQueue } from "./connections.fixtures.ts";

let t: TestKernel;
let acme: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await connectionsKernel();
  acme = await createCompanyWithAdmin(t, "Acme");
});
afterEach(() => t.close());

const post = (body: unknown) => t.call("POST", "/whatsapp", { token: acme.token, body });

describe("connections: errors (validation)", () => {
  it("the name is required, 2 to 50 characters", async () => {
    expect((await post({})).body).toMatchObject({ error: "ERR_VALIDATION", fields: { name: "Required" } });
    expect((await post({ name: "A" })).body.fields).toEqual({ name: "Too Short!" });
    expect((await post({ name: "x".repeat(51) })).body.fields).toEqual({ name: "Too Long!" });
  });

  it("bad values name their fields instead of crashing", async () => {
    const res = await post({
      name: "Ok",
      channel: "telegram",
      maxUseBotQueues: "abc",
      webhookUrl: "ftp://x",
      schedules: [{ weekdayEn: "monday", weekday: "Segunda", startTimeA: "25:00", endTimeA: "", startTimeB: "", endTimeB: "" }],
      importOldMessages: "ontem",
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ channel: "Invalid value", maxUseBotQueues: "Invalid value", webhookUrl: "Invalid URL", importOldMessages: "Invalid date" });
    expect(Object.keys(res.body.fields).some((k) => k.startsWith("schedules"))).toBe(true);
    expect((await t.call("GET", "/whatsapp/abc", { token: acme.token })).status).toBe(400);
    expect((await t.call("GET", "/whatsapp/filter?channel=fax", { token: acme.token })).status).toBe(400);
  });

  it("with NPS (userRating) enabled, the rating message and NPS expiry are required, in the spec's words", async () => {
    await t.call("PUT", "/companySettings", { token: acme.token, body: { column: "userRating", data: "enabled" } });
    const res = await post({ name: "Com NPS" });
    expect(res.body).toEqual({ error: "ERR_VALIDATION", fields: { ratingMessage: MESSAGES.npsMessage, expiresTicketNPS: MESSAGES.npsTime } });
    expect((await post({ name: "Com NPS", ratingMessage: "Avalie de 0 a 10", expiresTicketNPS: 30 })).status).toBe(200);
  });

  it("a redirection time needs a redirection queue, and the reverse", async () => {
    const q = await createQueue(t, acme.token, "Suporte", "#123456");
    expect((await post({ name: "Redir", timeSendQueue: 10 })).body.fields).toEqual({ sendIdQueue: MESSAGES.sendQueue });
    expect((await post({ name: "Redir", sendIdQueue: q })).body.fields).toEqual({ timeSendQueue: MESSAGES.sendQueue });
    expect((await post({ name: "Redir", sendIdQueue: q, timeSendQueue: 10 })).status).toBe(200);
  });

  it("a vacation message needs both dates, the end not before the start", async () => {
    const res = await post({ name: "Férias", collectiveVacationMessage: "Estamos de férias" });
    expect(res.body.fields).toEqual({ collectiveVacationStart: "Required", collectiveVacationEnd: "Required" });
    const backwards = await post({ name: "Férias", collectiveVacationMessage: "x", collectiveVacationStart: "2030-01-10", collectiveVacationEnd: "2030-01-01" });
    expect(Object.keys(backwards.body.fields)).toEqual(["collectiveVacationEnd"]);
    const ok = await post({ name: "Férias", collectiveVacationMessage: "x", collectiveVacationStart: "2030-01-01", collectiveVacationEnd: "2030-01-10" });
    expect(ok.body).toMatchObject({ collectiveVacationStart: "2030-01-01", collectiveVacationEnd: "2030-01-10" });
  });

  it("import needs a queue; the old date lies within two years, the recent one between it and now", async () => {
    const q = await createQueue(t, acme.token, "Importadas", "#654321");
    expect((await post({ name: "Imp", enableImportMessage: true })).body.fields).toEqual({ queueIdImportMessages: "Required" });
    const day = 24 * 3600 * 1000;
    const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
    const tooOld = await post({ name: "Imp", enableImportMessage: true, queueIdImportMessages: q, importOldMessages: iso(800 * day) });
    expect(Object.keys(tooOld.body.fields)).toEqual(["importOldMessages"]);
    const future = await post({ name: "Imp", enableImportMessage: true, queueIdImportMessages: q, importOldMessages: iso(-day) });
    expect(Object.keys(future.body.fields)).toEqual(["importOldMessages"]);
    const recentBeforeOld = await post({ name: "Imp", enableImportMessage: true, queueIdImportMessages: q, importOldMessages: iso(10 * day), importRecentMessages: iso(20 * day) });
    expect(Object.keys(recentBeforeOld.body.fields)).toEqual(["importRecentMessages"]);
    const ok = await post({ name: "Imp", enableImportMessage: true, queueIdImportMessages: q, importOldMessages: iso(30 * day), importRecentMessages: iso(day) });
    expect(ok.status).toBe(200);
  });

  it("null means off only for the import flags; other switches and other spellings stay errors", async () => {
    const conn = await createConnection(t, acme.token);
    for (const body of [{ isDefault: null }, { allowGroup: null }, { enableImportMessage: "yes" }, { importOldMessagesGroups: [] }, { closedTicketsPostImported: 2 }]) {
      const res = await t.call("PUT", `/whatsapp/${conn.id}`, { token: acme.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual(Object.keys(body));
    }
  });

  it("rules apply to the merged connection on update, and a failed update changes nothing", async () => {
    const conn = await createConnection(t, acme.token);
    const res = await t.call("PUT", `/whatsapp/${conn.id}`, { token: acme.token, body: { name: "Novo nome", timeSendQueue: 5 } });
    expect(res.body.fields).toEqual({ sendIdQueue: MESSAGES.sendQueue });
    expect((await t.call("GET", `/whatsapp/${conn.id}`, { token: acme.token })).body).toMatchObject({ name: "Principal", timeSendQueue: 0 });
  });
});

describe("connections: errors (rules)", () => {
  it("more than one queue needs a greeting: ERR_WAPP_GREETING_REQUIRED", async () => {
    const q1 = await createQueue(t, acme.token, "Um", "#111111");
    const q2 = await createQueue(t, acme.token, "Dois", "#222222");
    expect((await post({ name: "Sem saudação", queueIds: [q1, q2] })).body).toEqual({ error: "ERR_WAPP_GREETING_REQUIRED" });
    const one = await createConnection(t, acme.token, { queueIds: [q1] });
    const res = await t.call("PUT", `/whatsapp/${one.id}`, { token: acme.token, body: { queueIds: [q1, q2] } });
    expect(res.body.error).toBe("ERR_WAPP_GREETING_REQUIRED");
    expect((await t.call("GET", `/whatsapp/${one.id}`, { token: acme.token })).body.queueIds).toEqual([q1]);
  });

  it("unsetting the default answers ERR_NO_OTHER_WHATSAPP, even with others", async () => {
    const first = await createConnection(t, acme.token, { name: "Um" });
    const res = await t.call("PUT", `/whatsapp/${first.id}`, { token: acme.token, body: { isDefault: false } });
    expect(res.body).toEqual({ error: "ERR_NO_OTHER_WHATSAPP" });
    await createConnection(t, acme.token, { name: "Dois" });
    expect((await t.call("PUT", `/whatsapp/${first.id}`, { token: acme.token, body: { isDefault: false } })).body.error).toBe("ERR_NO_OTHER_WHATSAPP");
  });

  it("deleting the default while others exist answers ERR_NO_OTHER_WHATSAPP", async () => {
    const first = await createConnection(t, acme.token, { name: "Um" });
    const second = await createConnection(t, acme.token, { name: "Dois" });
    expect((await t.call("DELETE", `/whatsapp/${first.id}`, { token: acme.token })).body).toEqual({ error: "ERR_NO_OTHER_WHATSAPP" });
    await t.call("PUT", `/whatsapp/${second.id}`, { token: acme.token, body: { isDefault: true } });
    expect((await t.call("DELETE", `/whatsapp/${first.id}`, { token: acme.token })).status).toBe(200);
  });

  it("the plan's connections limit: ERR_PLAN_LIMIT_CONNECTIONS (0 means unlimited)", async () => {
    const limited = await createCompanyWithAdmin(t, "Limitada", { planId: await createPlan(t, { connections: 1 }) });
    await createConnection(t, limited.token);
    const res = await t.call("POST", "/whatsapp", { token: limited.token, body: { name: "Segunda" } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: "ERR_PLAN_LIMIT_CONNECTIONS", limit: 1 });
    const free = await createCompanyWithAdmin(t, "Livre", { planId: await createPlan(t, { connections: 0 }) });
    for (const name of ["A1", "A2", "A3"]) await createConnection(t, free.token, { name });
  });

  it("a channel whose plan flag is off: ERR_PLAN_FEATURE_DISABLED naming the flag", async () => {
    const planId = await createPlan(t, { useWhatsapp: false, useFacebook: false, useInstagram: false, useExternalApi: false });
    const poor = await createCompanyWithAdmin(t, "Sem canais", { planId });
    const cases = { whatsapp: "useWhatsapp", whatsappapi: "useWhatsapp", facebook: "useFacebook", instagram: "useInstagram", api: "useExternalApi" };
    for (const [channel, flag] of Object.entries(cases)) {
      const res = await t.call("POST", "/whatsapp", { token: poor.token, body: { name: "Canal", channel } });
      expect(res.status, channel).toBe(403);
      expect(res.body).toEqual({ error: "ERR_PLAN_FEATURE_DISABLED", flag });
    }
  });

  it("unknown ids answer ERR_NO_WAPP_FOUND", async () => {
    for (const [method, path] of [
      ["GET", "/whatsapp/999"],
      ["PUT", "/whatsapp/999"],
      ["DELETE", "/whatsapp/999"],
      ["POST", "/whatsapp/999/token"],
      ["DELETE", "/whatsapp/999/media-upload"],
    ] as const) {
      const res = await t.call(method, path, { token: acme.token, body: method === "PUT" ? { name: "Xx" } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe("ERR_NO_WAPP_FOUND");
    }
    await expect(t.kernel.services.require("connections.setStatus")(acme.company.id, 999, { status: "CONNECTED" })).rejects.toMatchObject({ code: "ERR_NO_WAPP_FOUND" });
  });

  it("greeting media must be an image or a video", async () => {
    const conn = await createConnection(t, acme.token);
    const form = new FormData();
    form.append("file", new File(["%PDF-1.4"], "contrato.pdf", { type: "application/pdf" }));
    const res = await t.call("POST", `/whatsapp/${conn.id}/media-upload`, { token: acme.token, body: form });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe("ERR_UNSUPPORTED_MEDIA_TYPE");
    const svg = new FormData();
    svg.append("file", new File(["<svg/>"], "x.svg", { type: "image/svg+xml" }));
    expect((await t.call("POST", `/whatsapp/${conn.id}/media-upload`, { token: acme.token, body: svg })).status).toBe(415);
    expect((await t.call("POST", `/whatsapp/${conn.id}/media-upload`, { token: acme.token, body: new FormData() })).status).toBe(400);
  });
});
