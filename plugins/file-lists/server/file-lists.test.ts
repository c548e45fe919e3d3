import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiConversation } from "../../../tests/support/api-conversation.ts";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createFileList, uploadForm } from "./file-lists.fixtures.ts";

let t: TestKernel;
let admin: { token: string };
beforeEach(async () => {
  t = await createTestKernel();
  admin = await t.login();
});
afterEach(() => t.close());

const call = (method: string, path: string, body?: unknown, token = admin.token) => t.call(method, path, { token, body });

describe("file lists: happy", () => {
  it("creates, reads, searches, edits and deletes a list with its options", async () => {
    const list = await createFileList(t, admin.token, { name: "Catálogo", message: "Segue o catálogo", options: [{ name: "Preços" }, { name: "Fotos" }], userId: 99 });
    expect(list).toMatchObject({
      name: "Catálogo",
      message: "Segue o catálogo",
      userId: expect.any(Number),
      options: [
        { name: "Preços", path: null },
        { name: "Fotos", path: null },
      ],
    });
    expect(list.options[0]).not.toHaveProperty("companyId");
    await createFileList(t, admin.token, { name: "Outra lista", message: "x" });
    const page = await call("GET", "/files/?searchParam=CATÁ&pageNumber=1");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: 1, hasMore: false, files: [{ id: list.id }] });

    const [precos] = list.options;
    const edited = await call("PUT", `/files/${list.id}`, { name: "Catálogo 2025", options: [{ id: precos!.id, name: "Tabela" }, { name: "Novo" }] });
    expect(edited.status).toBe(200);
    expect(edited.body.options.map((o: { name: string }) => o.name)).toEqual(["Tabela", "Novo"]);
    expect(edited.body.options[0].id).toBe(precos!.id);
    expect((await call("GET", `/files/${list.id}`)).body.name).toBe("Catálogo 2025");

    const removed = await call("DELETE", `/files/${list.id}`);
    expect(removed.body).toEqual({ message: expect.any(String) });
    expect((await call("GET", `/files/${list.id}`)).status).toBe(404);
  });

  it("pages 20 lists at a time with hasMore", async () => {
    for (let i = 0; i < 21; i++) await createFileList(t, admin.token, { name: `Lista ${String(i).padStart(2, "0")}`, message: "m" });
    expect((await call("GET", "/files?pageNumber=1")).body).toMatchObject({ count: 21, hasMore: true });
    const second = (await call("GET", "/files?pageNumber=2")).body;
    expect(second.files.map((f: { name: string }) => f.name)).toEqual(["Lista 20"]);
    expect(second.hasMore).toBe(false);
  });

  it("uploads files onto options, replaces one and removes them with the option or the list", async () => {
    const list = await createFileList(t, admin.token, { name: "Docs", message: "Seguem", options: [{ name: "Contrato" }, { name: "Foto" }] });
    const [contract, photo] = list.options;
    const up = await t.call("POST", `/files/uploadList/${list.id}`, {
      token: admin.token,
      body: uploadForm([
        { optionId: contract!.id, name: "contrato.pdf" },
        { optionId: photo!.id, name: "foto.png", type: "image/png" },
      ]),
    });
    expect(up.status).toBe(200);
    const [c, p] = up.body.options;
    expect(c).toMatchObject({ mediaType: "application/pdf", originalName: "contrato.pdf", url: `/public/company1/${c.path}` });
    expect(p).toMatchObject({ mediaType: "image/png", originalName: "foto.png" });
    const file = (path: string) => join(t.dataDir, "public", "company1", path);
    expect(existsSync(file(c.path))).toBe(true);

    const again = await t.call("POST", `/files/uploadList/${list.id}`, { token: admin.token, body: uploadForm([{ optionId: contract!.id, name: "v2.pdf" }]) });
    expect(again.body.options[0].originalName).toBe("v2.pdf");
    expect(existsSync(file(c.path))).toBe(false);

    await call("PUT", `/files/${list.id}`, { options: [{ id: contract!.id, name: "Contrato" }] });
    expect(existsSync(file(p.path))).toBe(false);
    await call("DELETE", `/files/${list.id}`);
    expect(existsSync(file(again.body.options[0].path))).toBe(false);
  });

  it("announces create, update and delete on company-{id}-file", async () => {
    const emit = vi.spyOn(t.kernel.realtime, "emit");
    const list = await createFileList(t, admin.token, { name: "Ao vivo", message: "m" });
    await call("PUT", `/files/${list.id}`, { message: "n" });
    await call("DELETE", `/files/${list.id}`);
    const ours = emit.mock.calls.filter((c) => c[1] === "company-1-file").map((c) => c[2]);
    expect(ours).toEqual([
      { action: "create", fileList: expect.objectContaining({ id: list.id }) },
      { action: "update", fileList: expect.objectContaining({ message: "n" }) },
      { action: "delete", fileListId: list.id },
    ]);
  });
});

describe("file lists: errors", () => {
  it("a short name and a missing message are the spec's field messages", async () => {
    const res = await call("POST", "/files", { name: "ab", message: "  " });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { name: "nome muito curto", message: "Obrigatório" } });
    expect((await call("POST", "/files", {})).body.fields).toMatchObject({ name: "nome muito curto", message: "Obrigatório" });
    expect((await call("POST", "/files", { name: "abc", message: "m", options: "x" })).status).toBe(400);
    expect((await call("PUT", "/files/1", {})).status).toBe(400);
    expect((await call("GET", "/files/abc")).status).toBe(400);
    expect((await call("GET", "/files/999")).body).toEqual({ error: "ERR_NO_FILE_LIST_FOUND" });
  });

  it("an upload without a file, for an option of another list, or too large is refused", async () => {
    const list = await createFileList(t, admin.token, { name: "Docs", message: "m", options: [{ name: "a" }, { name: "b" }] });
    const other = await createFileList(t, admin.token, { name: "Other", message: "m", options: [{ name: "x" }] });
    expect((await t.call("POST", `/files/uploadList/${list.id}`, { token: admin.token, body: new FormData() })).status).toBe(400);
    const foreign = await t.call("POST", `/files/uploadList/${list.id}`, { token: admin.token, body: uploadForm([{ optionId: other.options[0]!.id, name: "a.pdf" }]) });
    expect(foreign.body).toEqual({ error: "ERR_VALIDATION", fields: { fileId: "Invalid option" } });
    const big = await t.call("POST", `/files/uploadList/${list.id}`, {
      token: admin.token,
      body: uploadForm([{ optionId: list.options[0]!.id, name: "big.bin", content: "x".repeat(21 * 1024 * 1024) }]),
    });
    expect(big.status).toBe(413);
  });
});

describe("file lists: security", () => {
  it("a plain user has no access; another company's lists are 404 and never listed", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const user = await createUser(t, acme.company.id, { name: "Ana" });
    expect((await call("GET", "/files", undefined, user.token)).status).toBe(403);
    expect((await call("POST", "/files", { name: "abc", message: "m" }, user.token)).status).toBe(403);
    const theirs = await createFileList(t, acme.token, { name: "Segredo", message: "m", options: [{ name: "x" }] });
    for (const [method, path, body] of [
      ["GET", `/files/${theirs.id}`],
      ["PUT", `/files/${theirs.id}`, { name: "hack" }],
      ["DELETE", `/files/${theirs.id}`],
    ] as const)
      expect((await call(method, path, body)).status, `${method} ${path}`).toBe(404);
    expect((await t.call("POST", `/files/uploadList/${theirs.id}`, { token: admin.token, body: uploadForm([{ optionId: theirs.options[0]!.id, name: "a.pdf" }]) })).status).toBe(
      404,
    );
    expect((await call("GET", "/files")).body.count).toBe(0);
    expect((await call("GET", `/files/${theirs.id}`, undefined, acme.token)).body.name).toBe("Segredo");
  });
});

describe("file lists: sent to the customer", () => {
  async function listWithFiles() {
    const list = await createFileList(t, admin.token, { name: "Catálogo", message: "Olá {{firstName}}, segue o catálogo", options: [{ name: "Preços" }, { name: "Sem arquivo" }] });
    await t.call("POST", `/files/uploadList/${list.id}`, { token: admin.token, body: uploadForm([{ optionId: list.options[0]!.id, name: "precos.pdf" }]) });
    return list;
  }

  it("a chatbot option of type Arquivo sends the list's message and its files once; the chatbot keeps the conversation", async () => {
    const list = await listWithFiles();
    const queue = await call("POST", "/queue", {
      name: "Vendas",
      color: "#123456",
      greetingMessage: "Vendas:",
      chatbots: [
        { name: "Catálogo", greetingMessage: "Um momento", queueType: "file", optFileId: list.id },
        { name: "Falar com alguém", greetingMessage: "Aguarde", queueType: "text" },
      ],
    });
    expect(queue.status).toBe(200);
    const chat = await apiConversation(t, admin.token, { greetingMessage: "", queueIds: [queue.body.id] });
    const { ticketId } = await chat.says("Oi");
    await chat.says("1");
    const sent = (await chat.botMessages(ticketId)).slice(-3);
    expect(sent.map((m) => m.body)).toEqual(["Um momento", "Olá Ana, segue o catálogo", "Preços"]);
    expect(sent[2]).toMatchObject({ mediaType: expect.stringMatching(/application|document/), mediaUrl: expect.stringMatching(/^\/public\/company1\/.+\.pdf$/) });
    expect((await chat.ticket(ticketId)).holder ?? "").not.toMatch(/^file:/);
    const before = (await chat.botTexts(ticketId)).length;
    await chat.says("obrigado");
    expect((await chat.botTexts(ticketId)).length).toBe(before);
    await chat.close();
  });

  it("a queue's fileListId sends the list when a ticket enters the queue; an id of no list is refused", async () => {
    const list = await listWithFiles();
    const bad = await call("POST", "/queue", { name: "Ruim", color: "#654321", fileListId: 9999 });
    expect(bad.body).toEqual({ error: "ERR_VALIDATION", fields: { fileListId: "Invalid file list" } });
    const queue = await call("POST", "/queue", { name: "Suporte", color: "#123456", greetingMessage: "Suporte aqui", fileListId: list.id });
    expect(queue.status).toBe(200);
    const chat = await apiConversation(t, admin.token, { greetingMessage: "", queueIds: [queue.body.id] });
    const { ticketId } = await chat.says("Oi");
    expect(await chat.botTexts(ticketId)).toEqual(["Suporte aqui", "Olá Ana, segue o catálogo", "Preços"]);
    await chat.says("obrigado");
    expect((await chat.botTexts(ticketId)).length).toBe(3);
    await chat.close();
  });
});
