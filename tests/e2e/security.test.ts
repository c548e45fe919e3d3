import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, freePort, launchBrowser, login, ROOT, startServer, type LaunchedBrowser, type RunningServer, customerMessage } from "./support/index.ts";

/**
 * Security findings that only a real browser proves: customer media never runs as a page
 * of our origin, and a web app hosted on another origin (FRONTEND_URL) reaches realtime.
 */

/** A tiny site on another origin: one page and the Socket.IO client bundle. */
async function startOtherOrigin(): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort();
  const client = readFileSync(join(ROOT, "node_modules/socket.io-client/dist/socket.io.min.js"));
  const server: Server = createServer((req, res) => {
    if (req.url === "/sio.js") return res.writeHead(200, { "content-type": "text/javascript" }).end(client);
    res.writeHead(200, { "content-type": "text/html" }).end('<!doctype html><html><body><script src="/sio.js"></script></body></html>');
  });
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((done) => server.close(() => done())) };
}

// A picture that, rendered as a document, would steal a fresh token with the attendant's cookie.
const EVIL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="red"/>
<script>document.title = "pwned"; fetch("/auth/refresh_token", { method: "POST", credentials: "include" });</script></svg>`;
// 1×1 transparent PNG.
const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

let server: RunningServer;
let other: Awaited<ReturnType<typeof startOtherOrigin>>;
let browser: LaunchedBrowser;

beforeAll(async () => {
  other = await startOtherOrigin();
  server = await startServer({ env: { FRONTEND_URL: other.url, ALLOWED_INTERNAL_HOSTS: "127.0.0.1" } });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await other?.close();
});

/**
 * Customer `number` sends `fileName` through the API channel; answers the stored media's URL.
 * (A number per file: an admin's conversation shows every ticket of the contact.)
 */
async function customerSendsMedia(number: string, fileName: string, mimetype: string, data: string): Promise<string> {
  const id = `${number}-${fileName}`;
  const { token } = await login(server.url);
  const connection = await callApi(server.url, "/whatsapp", token, {
    method: "POST",
    body: { name: `Canal ${id}`, channel: "api", webhookUrl: "http://127.0.0.1:9/hook" },
  });
  const inbound = await customerMessage(server.url, String(connection.token), { id, number, name: "Cliente", media: { mimetype, fileName, data } });
  const page = (await callApi(server.url, `/messages/${inbound.ticketUuid}`, token)) as { messages: { mediaUrl: string | null }[] };
  const url = page.messages.map((m) => m.mediaUrl).find((u) => u?.includes("/public/"));
  if (!url) throw new Error(`no stored media in ${JSON.stringify(page)}`);
  return url.startsWith("http") ? url : `${server.url}${url}`;
}

describe("customer media in a real browser", () => {
  it("an SVG with a script is downloaded, never run on our origin; a picture still shows inline", async () => {
    const svgUrl = await customerSendsMedia("5511977770001", "logo.svg", "image/svg+xml", Buffer.from(EVIL_SVG).toString("base64"));
    const pngUrl = await customerSendsMedia("5511977770002", "foto.png", "image/png", PNG_1PX);

    const page = await browser.newPage();
    const refreshes: string[] = [];
    page.on("request", (r) => r.url().includes("/auth/refresh_token") && refreshes.push(r.url()));
    // The attendant has a session on our origin (the cookie the script would ride on).
    await page.goto(`${server.url}/login`);
    await page.evaluate(async (creds) => fetch("/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(creds) }), {
      email: "admin@admin.com",
      password: "Admin123!",
    });
    refreshes.length = 0;

    // Opening the file itself: a download, so nothing renders and no script runs.
    const opened = await browser.newPage();
    opened.on("request", (r) => r.url().includes("/auth/refresh_token") && refreshes.push(r.url()));
    const [download] = await Promise.all([opened.waitForEvent("download", { timeout: 10_000 }), opened.goto(svgUrl).catch(() => null)]);
    expect(download.suggestedFilename()).toMatch(/\.svg$/);
    await opened.waitForTimeout(500);
    expect(await opened.title()).not.toBe("pwned");

    // In the app, both still display as pictures (an <img> never runs an SVG's script).
    const sizes = await page.evaluate(
      async (urls) =>
        Promise.all(
          urls.map(
            (src) =>
              new Promise<number>((done) => {
                const img = new Image();
                img.onload = () => done(img.naturalWidth);
                img.onerror = () => done(-1);
                img.src = src;
              }),
          ),
        ),
      [svgUrl, pngUrl],
    );
    expect(sizes).toEqual([40, 1]);

    // A picture opened directly renders inline (no download), sandboxed.
    const picture = await browser.newPage();
    const response = await picture.goto(pngUrl);
    expect(response?.headers()["content-disposition"]).toBe("inline");
    expect(response?.headers()["content-security-policy"]).toContain("sandbox");
    expect(refreshes).toEqual([]);
  });
});

describe("a web app hosted on another origin (FRONTEND_URL)", () => {
  it("logs in over CORS and connects to realtime through the polling handshake, then upgrades", async () => {
    const page = await browser.newPage();
    await page.goto(other.url);
    const outcome = await page.evaluate(async (api) => {
      const res = await fetch(`${api}/auth/login`, {
        method: "POST",
        credentials: "include",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "admin@admin.com", password: "Admin123!" }),
      });
      const { token, user } = (await res.json()) as { token: string; user: { companyId: number } };
      const io = (window as unknown as { io: (url: string, opts: object) => { on(e: string, f: (arg?: unknown) => void): void; io: { engine: { transport: { name: string } } } } })
        .io;
      return new Promise<string>((done) => {
        const socket = io(`${api}/${user.companyId}`, { auth: { token }, transports: ["polling", "websocket"] });
        socket.on("connect", () => setTimeout(() => done(`connected:${socket.io.engine.transport.name}`), 1_000));
        socket.on("connect_error", (err) => done(`error:${String((err as Error).message)}`));
        setTimeout(() => done("timeout"), 10_000);
      });
    }, server.url);
    expect(outcome).toBe("connected:websocket");
  });
});
