import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createQuickMessage, fileForm, quickMessagesCompany } from "./test-fixtures.ts";

let t: TestKernel;
let co: Awaited<ReturnType<typeof quickMessagesCompany>>;
beforeEach(async () => {
  t = await createTestKernel();
  co = await quickMessagesCompany(t);
});
afterEach(() => t.close());

const shortcodes = (body: { records?: { shortcode: string }[] } | { shortcode: string }[]) => (Array.isArray(body) ? body : (body.records ?? [])).map((r) => r.shortcode);

describe("quick messages: happy", () => {
  it("a user creates, reads, edits, lists and deletes their own message", async () => {
    const created = await createQuickMessage(t, co.ana.token, { shortcode: "oi", message: "Olá, tudo bem?" });
    expect(created).toMatchObject({ shortcode: "oi", userId: co.ana.user.id, geral: false, visao: false, status: true, mediaPath: null });
    const edited = await t.call("PUT", `/quick-messages/${created.id}`, { token: co.ana.token, body: { message: "Olá!", geral: "true" } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ message: "Olá!", geral: true });
    expect((await t.call("GET", `/quick-messages/${created.id}`, { token: co.ana.token })).body.message).toBe("Olá!");
    const page = await t.call("GET", "/quick-messages?searchParam=OL", { token: co.ana.token });
    expect(page.body).toMatchObject({ count: 1, hasMore: false });
    expect((await t.call("DELETE", `/quick-messages/${created.id}`, { token: co.ana.token })).status).toBe(200);
    expect((await t.call("GET", `/quick-messages/${created.id}`, { token: co.ana.token })).status).toBe(404);
  });

  it("the list shows own, general and shared-visible messages, never others' private ones", async () => {
    await createQuickMessage(t, co.ana.token, { shortcode: "a-private" });
    await createQuickMessage(t, co.ana.token, { shortcode: "a-general", geral: true });
    await createQuickMessage(t, co.ana.token, { shortcode: "a-visible", visao: true });
    await createQuickMessage(t, co.bia.token, { shortcode: "b-own" });
    const page = await t.call("GET", "/quick-messages", { token: co.bia.token });
    expect(shortcodes(page.body)).toEqual(["a-general", "a-visible", "b-own"]);
    expect(page.body.count).toBe(3);
  });

  it("/list offers every usable active message for the composer", async () => {
    await createQuickMessage(t, co.ana.token, { shortcode: "zeta", geral: true });
    await createQuickMessage(t, co.ana.token, { shortcode: "Alpha", visao: true });
    await createQuickMessage(t, co.ana.token, { shortcode: "off", geral: true, status: false });
    await createQuickMessage(t, co.ana.token, { shortcode: "mine-only" });
    expect(shortcodes((await t.call("GET", "/quick-messages/list", { token: co.bia.token })).body)).toEqual(["Alpha", "zeta"]);
    expect(shortcodes((await t.call("GET", "/quick-messages/list", { token: co.ana.token })).body)).toEqual(["Alpha", "mine-only", "zeta"]);
  });

  it("pages 20 at a time with hasMore", async () => {
    for (let i = 0; i < 21; i++) await createQuickMessage(t, co.ana.token, { shortcode: `code${String(i).padStart(2, "0")}` });
    const first = await t.call("GET", "/quick-messages?pageNumber=1", { token: co.ana.token });
    expect(first.body.records).toHaveLength(20);
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    const second = await t.call("GET", "/quick-messages?pageNumber=2", { token: co.ana.token });
    expect(shortcodes(second.body)).toEqual(["code20"]);
    expect(second.body.hasMore).toBe(false);
  });

  it("anyone edits a general message", async () => {
    const general = await createQuickMessage(t, co.ana.token, { shortcode: "geral", geral: true, visao: true });
    const res = await t.call("PUT", `/quick-messages/${general.id}`, { token: co.bia.token, body: { message: "changed by Bia" } });
    expect(res.status).toBe(200);
    expect(res.body.userId).toBe(co.ana.user.id);
  });

  it("an attachment is stored under the company with underscores for spaces, replaced and removed", async () => {
    const qm = await createQuickMessage(t, co.ana.token, { shortcode: "doc" });
    const up = await t.call("POST", `/quick-messages/${qm.id}/media-upload`, { token: co.ana.token, body: fileForm("tabela de preços.pdf", "%PDF", "application/pdf") });
    expect(up.status).toBe(200);
    expect(up.body.mediaName).toBe("tabela_de_preços.pdf");
    expect(up.body.mediaUrl).toBe(`/public/company${co.companyId}/${up.body.mediaPath}`);
    const firstFile = join(t.dataDir, "public", `company${co.companyId}`, up.body.mediaPath);
    expect(existsSync(firstFile)).toBe(true);
    const served = await t.call("GET", up.body.mediaUrl);
    expect(served.status).toBe(200);

    const again = await t.call("POST", `/quick-messages/${qm.id}/media-upload`, { token: co.ana.token, body: fileForm("foto nova.png", "png", "image/png") });
    expect(again.body.mediaName).toBe("foto_nova.png");
    expect(existsSync(firstFile)).toBe(false);

    const removed = await t.call("DELETE", `/quick-messages/${qm.id}/media-upload`, { token: co.ana.token });
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null, mediaUrl: null });
    expect(existsSync(join(t.dataDir, "public", `company${co.companyId}`, again.body.mediaPath))).toBe(false);
  });

  it("announces create, update and delete on company-{id}-quickemessage", async () => {
    const emit = vi.spyOn(t.kernel.realtime, "emit");
    const topic = `company-${co.companyId}-quickemessage`;
    const qm = await createQuickMessage(t, co.ana.token, { shortcode: "live", geral: true });
    await t.call("PUT", `/quick-messages/${qm.id}`, { token: co.ana.token, body: { message: "x" } });
    await t.call("DELETE", `/quick-messages/${qm.id}`, { token: co.ana.token });
    const ours = emit.mock.calls.filter((c) => c[1] === topic);
    expect(ours.map((c) => (c[2] as { action: string }).action)).toEqual(["create", "update", "delete"]);
    expect(ours[0]![2]).toMatchObject({ record: { id: qm.id, shortcode: "live" } });
    expect(ours[2]![2]).toEqual({ action: "delete", record: { id: qm.id } });
    expect(ours.every((c) => c[3] === undefined)).toBe(true);
  });
});

describe("quick messages: errors", () => {
  it("a missing or blank shortcode names the field", async () => {
    for (const body of [{ message: "x" }, { shortcode: "   " }]) {
      const res = await t.call("POST", "/quick-messages", { token: co.ana.token, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { shortcode: "Required" } });
    }
  });

  it("a shortcode taken in the company (any case) is ERR_DUPLICATED_NAME", async () => {
    const first = await createQuickMessage(t, co.ana.token, { shortcode: "Oi" });
    const dup = await t.call("POST", "/quick-messages", { token: co.bia.token, body: { shortcode: "oi" } });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ error: "ERR_DUPLICATED_NAME", fields: { shortcode: expect.any(String) } });
    const other = await createQuickMessage(t, co.ana.token, { shortcode: "tchau" });
    expect((await t.call("PUT", `/quick-messages/${other.id}`, { token: co.ana.token, body: { shortcode: "OI" } })).status).toBe(409);
    // renaming a message to its own shortcode in another case is fine
    expect((await t.call("PUT", `/quick-messages/${first.id}`, { token: co.ana.token, body: { shortcode: "OI" } })).status).toBe(200);
  });

  it("two saves of one new shortcode at once: one wins, the other gets ERR_DUPLICATED_NAME, never a 500", async () => {
    const saves = await Promise.all(
      Array.from({ length: 6 }, (_, i) => t.call("POST", "/quick-messages", { token: i % 2 ? co.ana.token : co.bia.token, body: { shortcode: "corrida", message: `v${i}` } })),
    );
    expect(saves.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const lost of saves.filter((r) => r.status !== 200)) expect(lost.body).toMatchObject({ error: "ERR_DUPLICATED_NAME", fields: { shortcode: expect.any(String) } });
  });

  it("wrong types, oversized text and bad ids are validation errors, not crashes", async () => {
    const wrong = await t.call("POST", "/quick-messages", { token: co.ana.token, body: { shortcode: 5, geral: "maybe" } });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.fields)).toEqual(expect.arrayContaining(["shortcode", "geral"]));
    expect((await t.call("POST", "/quick-messages", { token: co.ana.token, body: { shortcode: "x".repeat(101) } })).body.fields.shortcode).toBe("Too Long!");
    expect((await t.call("GET", "/quick-messages/abc", { token: co.ana.token })).status).toBe(400);
    expect((await t.call("GET", "/quick-messages?pageNumber=0", { token: co.ana.token })).status).toBe(400);
    expect((await t.call("PUT", "/quick-messages/999", { token: co.ana.token, body: { message: "x" } })).status).toBe(404);
  });

  it("an edit that changes nothing is a validation error, not a crash", async () => {
    const created = await createQuickMessage(t, co.ana.token, { shortcode: "fixo" });
    for (const body of [{}, { unknown: 1 }]) {
      const res = await t.call("PUT", `/quick-messages/${created.id}`, { token: co.ana.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ error: "ERR_VALIDATION", fields: { body: "Nothing to update" } });
    }
  });

  it("an upload without a file, or too large, is refused", async () => {
    const qm = await createQuickMessage(t, co.ana.token, { shortcode: "f" });
    const none = await t.call("POST", `/quick-messages/${qm.id}/media-upload`, { token: co.ana.token, body: new FormData() });
    expect(none.status).toBe(400);
    expect(none.body.fields.file).toBe("Required");
    const big = await t.call("POST", `/quick-messages/${qm.id}/media-upload`, { token: co.ana.token, body: fileForm("big.bin", "x".repeat(21 * 1024 * 1024)) });
    expect(big.status).toBe(413);
  });
});

describe("quick messages: security", () => {
  it("a shared-visible message of someone else is read-only (ERR_NO_PERMISSION)", async () => {
    const locked = await createQuickMessage(t, co.ana.token, { shortcode: "locked", visao: true });
    expect((await t.call("GET", `/quick-messages/${locked.id}`, { token: co.bia.token })).status).toBe(200);
    for (const [method, path, body] of [
      ["PUT", `/quick-messages/${locked.id}`, { message: "x" }],
      ["DELETE", `/quick-messages/${locked.id}`, undefined],
      ["POST", `/quick-messages/${locked.id}/media-upload`, fileForm("a.txt")],
      ["DELETE", `/quick-messages/${locked.id}/media-upload`, undefined],
    ] as const) {
      const res = await t.call(method, path, { token: co.bia.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe("ERR_NO_PERMISSION");
    }
  });

  it("someone else's private message does not exist for the caller, admins included", async () => {
    const secret = await createQuickMessage(t, co.ana.token, { shortcode: "secret" });
    for (const token of [co.bia.token, co.admin.token]) {
      expect((await t.call("GET", `/quick-messages/${secret.id}`, { token })).status).toBe(404);
      expect((await t.call("PUT", `/quick-messages/${secret.id}`, { token, body: { message: "x" } })).status).toBe(404);
    }
  });

  it("another company's ids answer 404 and its messages never show", async () => {
    const other = await quickMessagesCompany(t, "Outra Loja");
    const theirs = await createQuickMessage(t, other.ana.token, { shortcode: "oi", geral: true, visao: true });
    expect((await t.call("GET", `/quick-messages/${theirs.id}`, { token: co.admin.token })).status).toBe(404);
    expect((await t.call("PUT", `/quick-messages/${theirs.id}`, { token: co.admin.token, body: { message: "x" } })).status).toBe(404);
    expect((await t.call("DELETE", `/quick-messages/${theirs.id}`, { token: co.admin.token })).status).toBe(404);
    expect((await t.call("POST", `/quick-messages/${theirs.id}/media-upload`, { token: co.admin.token, body: fileForm("a.txt") })).status).toBe(404);
    expect((await t.call("GET", "/quick-messages/list", { token: co.admin.token })).body).toEqual([]);
    // the same shortcode is free in another company
    expect((await t.call("POST", "/quick-messages", { token: co.ana.token, body: { shortcode: "oi" } })).status).toBe(200);
  });

  it("a private message is announced only to its owner, and un-sharing removes it from the others' lists", async () => {
    const emit = vi.spyOn(t.kernel.realtime, "emit");
    const topic = `company-${co.companyId}-quickemessage`;
    const qm = await createQuickMessage(t, co.ana.token, { shortcode: "mine" });
    expect(emit.mock.calls.find((c) => c[1] === topic)?.[3]).toBe(`user-${co.ana.user.id}`);
    const shared = await createQuickMessage(t, co.ana.token, { shortcode: "shared", visao: true });
    emit.mockClear();
    await t.call("PUT", `/quick-messages/${shared.id}`, { token: co.ana.token, body: { visao: false } });
    const calls = emit.mock.calls.filter((c) => c[1] === topic);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.slice(2, 4)).toEqual([expect.objectContaining({ action: "update" }), `user-${co.ana.user.id}`]);
    expect(calls[1]!.slice(2, 5)).toEqual([{ action: "delete", record: { id: shared.id } }, undefined, `user-${co.ana.user.id}`]);
    expect(qm.id).toBeGreaterThan(0);
  });

  it("needs a login", async () => {
    expect((await t.call("GET", "/quick-messages/list")).status).toBe(401);
    expect((await t.call("POST", "/quick-messages", { body: { shortcode: "x" } })).status).toBe(401);
  });
});
