import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { ANNOUNCEMENT_EVENT, READERS_ROOM, SUPER_ROOM } from "./announcements.realtime.ts";

let t: TestKernel;
let superToken: string;
beforeEach(async () => {
  t = await createTestKernel();
  superToken = (await t.login()).token;
});
afterEach(() => t.close());

const png = (name = "banner.png", bytes = 64, type = "image/png") => {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name, { type }));
  return form;
};
const post = (body: Record<string, unknown>) => t.call("POST", "/announcements", { token: superToken, body });

describe("announcements: happy", () => {
  it("the super user creates with the spec's defaults, edits, lists and deletes", async () => {
    const created = await post({ title: "Manutenção", text: "Sábado às 22h" });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ id: expect.any(Number), companyId: 1, priority: 3, status: true, mediaPath: null, mediaUrl: null });
    const id = created.body.id;
    const edited = await t.call("PUT", `/announcements/${id}`, { token: superToken, body: { priority: "1", title: "Manutenção programada" } });
    expect(edited.body).toMatchObject({ priority: 1, title: "Manutenção programada", text: "Sábado às 22h" });
    expect((await t.call("GET", `/announcements/${id}`, { token: superToken })).body.title).toBe("Manutenção programada");
    expect((await t.call("DELETE", `/announcements/${id}`, { token: superToken })).status).toBe(200);
    expect((await t.call("GET", `/announcements/${id}`, { token: superToken })).status).toBe(404);
  });

  it("lists newest first, pages by 20 and searches case-blind in title and text", async () => {
    for (let i = 1; i <= 22; i++) await post({ title: `Aviso ${i}`, text: i === 5 ? "Nova FUNCIONALIDADE" : "texto" });
    const first = await t.call("GET", "/announcements/", { token: superToken });
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    expect(first.body.records).toHaveLength(20);
    expect(first.body.records[0].title).toBe("Aviso 22");
    const second = await t.call("GET", "/announcements/?pageNumber=2", { token: superToken });
    expect(second.body).toMatchObject({ count: 22, hasMore: false });
    expect(second.body.records).toHaveLength(2);
    const found = await t.call("GET", "/announcements/?searchParam=Funcionalidade", { token: superToken });
    expect(found.body.records.map((r: { title: string }) => r.title)).toEqual(["Aviso 5"]);
    // the bare path answers the same
    expect((await t.call("GET", "/announcements?searchParam=aviso%2022", { token: superToken })).body.count).toBe(1);
  });

  it("a search for a LIKE wildcard matches it literally", async () => {
    await post({ title: "Desconto de 50%", text: "x" });
    await post({ title: "Desconto de 500", text: "x" });
    const res = await t.call("GET", `/announcements/?searchParam=${encodeURIComponent("50%")}`, { token: superToken });
    expect(res.body.records.map((r: { title: string }) => r.title)).toEqual(["Desconto de 50%"]);
  });

  it("every company's users read active announcements", async () => {
    await post({ title: "Ativo", text: "a", priority: 2 });
    await post({ title: "Inativo", text: "b", status: "inactive" });
    const other = await createCompanyWithAdmin(t, "Loja Azul");
    const agent = await createUser(t, other.company.id);
    for (const token of [other.token, agent.token]) {
      const res = await t.call("GET", "/announcements/", { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ count: 1, hasMore: false });
      expect(res.body.records[0]).toMatchObject({ title: "Ativo", priority: 2 });
    }
    expect((await t.call("GET", "/announcements/", { token: superToken })).body.count).toBe(2);
  });

  it("status answers as the boolean the clients read (true active), and is written as a boolean or active/inactive (issue 32)", async () => {
    const { body: a } = await post({ title: "Ativo", text: "a", status: "active" });
    const { body: b } = await post({ title: "Inativo", text: "b", status: "inactive" });
    expect([a.status, b.status]).toEqual([true, false]);
    const page = await t.call("GET", "/announcements/", { token: superToken });
    expect(Object.fromEntries(page.body.records.map((r: { title: string; status: unknown }) => [r.title, r.status]))).toEqual({ Ativo: true, Inativo: false });
    expect((await t.call("GET", `/announcements/${b.id}`, { token: superToken })).body.status).toBe(false);
    const flipped = await t.call("PUT", `/announcements/${b.id}`, { token: superToken, body: { status: true } });
    expect(flipped.body.status).toBe(true);
    expect((await t.call("PUT", `/announcements/${b.id}`, { token: superToken, body: { status: "inactive" } })).body.status).toBe(false);
  });

  it("uploads, replaces and deletes the image, served under /public", async () => {
    const { body: a } = await post({ title: "Com imagem", text: "x" });
    const up = await t.call("POST", `/announcements/${a.id}/media-upload`, { token: superToken, body: png("Meu banner.PNG") });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ mediaName: "Meu_banner.PNG", mediaPath: expect.stringMatching(/\.png$/) });
    expect(up.body.mediaUrl).toBe(`/public/company1/${up.body.mediaPath}`);
    expect((await t.call("GET", up.body.mediaUrl)).status).toBe(200);

    const jpg = await t.call("POST", `/announcements/${a.id}/media-upload`, { token: superToken, body: png("foto.jpeg", 10, "image/jpeg") });
    expect(jpg.status).toBe(200);
    expect((await t.call("GET", up.body.mediaUrl)).status).toBe(404); // the replaced file is gone

    const del = await t.call("DELETE", `/announcements/${a.id}/media-upload`, { token: superToken });
    expect(del.body).toMatchObject({ mediaPath: null, mediaName: null, mediaUrl: null });
    expect((await t.call("GET", jpg.body.mediaUrl)).status).toBe(404);
  });

  it("broadcasts create, update and delete to every company", async () => {
    const emitAll = vi.spyOn(t.kernel.realtime, "emitAll");
    const { body: a } = await post({ title: "Ao vivo", text: "x" });
    await t.call("PUT", `/announcements/${a.id}`, { token: superToken, body: { text: "y" } });
    await t.call("DELETE", `/announcements/${a.id}`, { token: superToken });
    expect(emitAll.mock.calls).toEqual([
      [ANNOUNCEMENT_EVENT, { action: "create", record: expect.objectContaining({ id: a.id, title: "Ao vivo" }) }],
      [ANNOUNCEMENT_EVENT, { action: "update", record: expect.objectContaining({ id: a.id, text: "y" }) }],
      [ANNOUNCEMENT_EVENT, { action: "delete", id: a.id }],
    ]);
  });
});

describe("announcements: errors", () => {
  it("title and text are required", async () => {
    const res = await post({ priority: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { title: "Required", text: "Required" } });
    const blank = await post({ title: "  ", text: "x" });
    expect(blank.body.fields).toEqual({ title: "Required" });
  });

  it("a priority outside 1..3 or an unknown status is refused", async () => {
    expect((await post({ title: "a", text: "b", priority: 4 })).body.fields).toEqual({ priority: "Invalid priority" });
    expect((await post({ title: "a", text: "b", priority: "alta" })).body.fields).toEqual({ priority: "Invalid priority" });
    expect((await post({ title: "a", text: "b", status: "archived" })).body.fields).toEqual({ status: "Invalid status" });
  });

  it("only png, jpg and jpeg images up to 5 MB are accepted", async () => {
    const { body: a } = await post({ title: "Imagem", text: "x" });
    const gif = await t.call("POST", `/announcements/${a.id}/media-upload`, { token: superToken, body: png("a.gif", 10, "image/gif") });
    expect(gif.status).toBe(415);
    expect(gif.body.error).toBe("ERR_UNSUPPORTED_MEDIA_TYPE");
    const fake = await t.call("POST", `/announcements/${a.id}/media-upload`, { token: superToken, body: png("a.png", 10, "text/html") });
    expect(fake.status).toBe(415);
    const big = await t.call("POST", `/announcements/${a.id}/media-upload`, { token: superToken, body: png("big.png", 5 * 1024 * 1024 + 1) });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe("ERR_PAYLOAD_TOO_LARGE");
    const none = await t.call("POST", `/announcements/${a.id}/media-upload`, { token: superToken, body: new FormData() });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: "ERR_VALIDATION", fields: { file: expect.any(String) } });
  });

  it("unknown or malformed ids answer 404 or a validation error, never a crash", async () => {
    expect((await t.call("PUT", "/announcements/999", { token: superToken, body: { title: "x" } })).status).toBe(404);
    expect((await t.call("DELETE", "/announcements/999", { token: superToken })).status).toBe(404);
    expect((await t.call("POST", "/announcements/999/media-upload", { token: superToken, body: png() })).status).toBe(404);
    expect((await t.call("GET", "/announcements/abc", { token: superToken })).status).toBe(400);
    expect((await t.call("GET", "/announcements/?pageNumber=-1", { token: superToken })).status).toBe(400);
  });

  it("an edit that changes nothing is a validation error, not a crash", async () => {
    const created = await post({ title: "Aviso", text: "Texto" });
    const res = await t.call("PUT", `/announcements/${created.body.id}`, { token: superToken, body: {} });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "ERR_VALIDATION", fields: { body: "Nothing to update" } });
  });
});

describe("announcements: security", () => {
  it("a company admin cannot write", async () => {
    const { body: a } = await post({ title: "Oficial", text: "x" });
    const other = await createCompanyWithAdmin(t, "Loja Verde");
    const token = other.token;
    expect((await t.call("POST", "/announcements", { token, body: { title: "x", text: "y" } })).status).toBe(403);
    expect((await t.call("PUT", `/announcements/${a.id}`, { token, body: { title: "hack" } })).status).toBe(403);
    expect((await t.call("DELETE", `/announcements/${a.id}`, { token })).status).toBe(403);
    expect((await t.call("POST", `/announcements/${a.id}/media-upload`, { token, body: png() })).status).toBe(403);
    expect((await t.call("DELETE", `/announcements/${a.id}/media-upload`, { token })).status).toBe(403);
    expect((await t.call("GET", `/announcements/${a.id}`, { token: superToken })).body.title).toBe("Oficial");
  });

  it("the platform company's plain admins cannot write either (only the super flag can)", async () => {
    const admin = await createUser(t, 1, { profile: "admin" });
    expect((await t.call("POST", "/announcements", { token: admin.token, body: { title: "x", text: "y" } })).status).toBe(403);
  });

  it("an inactive announcement is hidden from non-super users, by id too", async () => {
    const { body: a } = await post({ title: "Rascunho", text: "x", status: false });
    expect(a.status).toBe(false);
    const other = await createCompanyWithAdmin(t, "Loja Rosa");
    expect((await t.call("GET", `/announcements/${a.id}`, { token: other.token })).status).toBe(404);
    expect((await t.call("GET", "/announcements/?searchParam=rascunho", { token: other.token })).body.count).toBe(0);
  });

  it("an inactive announcement reaches only the super users' room; readers get a removal", async () => {
    const emitAll = vi.spyOn(t.kernel.realtime, "emitAll");
    const { body: a } = await post({ title: "Oculto", text: "segredo", status: "inactive" });
    expect(emitAll.mock.calls).toEqual([
      [ANNOUNCEMENT_EVENT, { action: "create", record: expect.objectContaining({ id: a.id }) }, SUPER_ROOM],
      [ANNOUNCEMENT_EVENT, { action: "delete", id: a.id }, READERS_ROOM],
    ]);
  });

  it("reading needs a login", async () => {
    expect((await t.call("GET", "/announcements/")).status).toBe(401);
  });
});
