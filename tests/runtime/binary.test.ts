import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvFile, xlsFile, xlsxFile } from "../../plugins/contacts-import/server/contacts-import.fixtures.ts";
import { login, navigate, ROOT, startServer, type RunningServer } from "../e2e/support/server.ts";
import { customerMessage } from "../e2e/support/api.ts";
import { connectCompany } from "./realtime-client.ts";

const BINARY = process.env.ATENDECHAT_BINARY || join(ROOT, "dist/atendechat");
const built = existsSync(BINARY);
if (!built) console.warn(`skipping the single-binary test: ${BINARY} is absent (run \`bun run build:binary\`; bash .ci/run does)`);

/** The compiled executable, started from an empty folder with nothing but its own defaults. */
describe.skipIf(!built)("single binary (dist/atendechat)", () => {
  let server: RunningServer;
  let cwd: string;

  beforeAll(async () => {
    cwd = mkdtempSync(join(tmpdir(), "atende-binary-"));
    // DATA_DIR empty means unset: the binary must fall back to ./data in the folder it runs from.
    server = await startServer({ command: [BINARY], cwd, env: { DATA_DIR: "" } });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  it("boots from an empty folder and keeps its data in ./data", () => {
    expect(existsSync(join(cwd, "data", "app.db"))).toBe(true);
    expect(existsSync(join(cwd, "data", "secrets.json"))).toBe(true);
  });

  it("answers /version and logs in", async () => {
    expect(await (await fetch(`${server.url}/version`)).json()).toEqual({ version: expect.any(String) });
    const { token } = await login(server.url);
    expect((await fetch(`${server.url}/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it("serves the embedded web app and its assets", async () => {
    const page = await navigate(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.type).toContain("text/html");
    const html = page.body;
    // A deep link (a page of the app) gets the same document.
    expect((await navigate(`${server.url}/tickets`)).body).toBe(html);
    const onDisk = join(ROOT, "web/dist/index.html");
    if (existsSync(onDisk)) expect(html).toBe(readFileSync(onDisk, "utf8"));
    // Every script the page loads comes out of the binary too.
    for (const [, src] of html.matchAll(/<script[^>]+src="([^"]+)"/g)) {
      const asset = await fetch(new URL(src!, server.url));
      expect(asset.status, src).toBe(200);
      expect(asset.headers.get("content-type"), src).toContain("javascript");
    }
  });

  it("runs the embedded driver's write path and, under write volume, its WAL checkpoint worker: customer messages through the API channel are stored", async () => {
    // The worker's module and the libSQL driver were once missing from the binary: the first
    // inbound message answered 500 ("the embedded libSQL driver is not available").
    const { token } = await login(server.url);
    const json = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const created = await fetch(`${server.url}/whatsapp`, { method: "POST", headers: json, body: JSON.stringify({ name: "API", channel: "api", isDefault: true }) });
    expect(created.status).toBe(200);
    const { token: channelToken } = (await created.json()) as { token: string };
    const message = { id: "binary-1", number: "5511987650001", name: "Ana", body: "Olá" };
    // customerMessage fails the test unless the server answers 200.
    expect(await customerMessage(server.url, channelToken, message)).toMatchObject({ duplicate: false, messageId: expect.any(Number), ticketId: expect.any(Number) });
    expect(await customerMessage(server.url, channelToken, message)).toMatchObject({ duplicate: true });
    // The worker starts once writes come in volume (~3 MiB of WAL): 64 messages of 64 KB.
    const long = "x".repeat(65_536);
    for (let i = 0; i < 64; i++) await customerMessage(server.url, channelToken, { ...message, id: `binary-long-${i}`, body: long });
    const deadline = Date.now() + 10_000;
    while (!server.output().includes("WAL checkpoints moved to a worker thread") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(server.output()).toContain("WAL checkpoints moved to a worker thread");
    expect(server.output()).not.toContain("WAL checkpoint worker did not start");
  });

  it("serves the API description", async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(doc.paths).toHaveProperty("/auth/login");
  });

  // What loads on demand sits in chunks of its own inside the binary (tests/tools/build-binary.ts,
  // splitting): each must still be found and run there, not only from the source.
  it("loads Socket.IO on the first realtime connection", async () => {
    const { token, user } = await login(server.url);
    const socket = await connectCompany(server.url, user.companyId, token, ["polling", "websocket"]);
    expect(socket.connected).toBe(true);
    socket.close();
  });

  it("reads uploaded .csv, .xlsx and .xls sheets (csv-parse, exceljs, the xlsx worker) and exports an .xlsx", async () => {
    const { token } = await login(server.url);
    const headers = { authorization: `Bearer ${token}` };
    const rows = [
      ["Nome", "Telefone"],
      ["Ana", "5511987654321"],
    ];
    for (const file of [csvFile("Nome;Telefone\nAna;5511987654321\n"), await xlsxFile(rows), xlsFile(rows)]) {
      const form = new FormData();
      form.append("file", file);
      const res = await fetch(`${server.url}/contacts/import/upload`, { method: "POST", headers, body: form });
      expect(res.status, file.name).toBe(200);
      expect(((await res.json()) as { columns: string[] }).columns, file.name).toEqual(["name", "number"]);
    }
    const exported = await fetch(`${server.url}/contacts/export/xlsx`, { headers });
    expect(exported.status).toBe(200);
    expect(new Uint8Array(await exported.arrayBuffer()).subarray(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
  });
});
