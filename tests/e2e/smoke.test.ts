import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, ROOT, screenshot, startServer, type LaunchedBrowser, type RunningServer } from "./support/index.ts";

describe("the product in a real browser", () => {
  let server: RunningServer;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    // .ci/run builds the web app before the suite; a bare `vitest run` needs it built once.
    const webDist = process.env.WEB_DIST || join(ROOT, "web/dist");
    if (!existsSync(join(webDist, "index.html"))) throw new Error(`${webDist}/index.html is missing: run \`bun run build:web\` first (bash .ci/run does)`);
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("serves the web app at the root and renders it without script errors", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    // The Content-Security-Policy must not block anything the app itself needs.
    page.on("console", (msg) => msg.text().includes("Content Security Policy") && errors.push(msg.text()));
    const response = await page.goto(server.url, { waitUntil: "load" });
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-type"]).toContain("text/html");
    // The shell mounts asynchronously (lazy plugin entries): wait until something shows.
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is the point; textContent would also count hidden nodes' text.
    await page.waitForFunction(() => (document.body?.innerText ?? "").trim().length > 0, undefined, { timeout: 30_000 });
    await screenshot(page, "smoke-root");
    expect(errors, "uncaught errors or CSP violations in the page").toEqual([]);
  });

  it("answers a deep link with the web app, and the API with JSON", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/login`, { waitUntil: "domcontentloaded" });
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-type"]).toContain("text/html");
    const version = await page.evaluate(async () => (await fetch("/version")).json());
    expect(version).toEqual({ version: expect.any(String) });
  });
});
