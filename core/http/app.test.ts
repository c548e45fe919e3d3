import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "@hono/zod-openapi";
import { loadConfig } from "../config.ts";
import { createKernel, type Kernel } from "../kernel.ts";
import { definePlugin } from "../plugin/manifest.ts";
import { defineServerPlugin } from "../plugin/server-plugin.ts";
import { routeFactory } from "./route.ts";
import { folderAssets } from "./web-assets.ts";

const manifest = definePlugin({ id: "probe" });
const route = routeFactory(manifest);
const ok = { 200: { description: "ok", content: { "application/json": { schema: z.object({ ok: z.boolean() }) } } } };
const plugin = defineServerPlugin({
  manifest,
  setup(ctx) {
    ctx.router.openapi(route({ method: "get", path: "/probe/crash", access: "public", responses: ok }), () => {
      throw new Error("secret internals at /srv/app.ts:12");
    });
    ctx.router.openapi(route({ method: "get", path: "/probe/busy", access: "public", responses: ok }), () => {
      // What a libSQL server answers a transaction it ended (core/db/errors.ts), as drizzle wraps it.
      throw new Error("Failed query: COMMIT", { cause: Object.assign(new Error("TRANSACTION_TIMEOUT: Transaction timed out"), { code: "TRANSACTION_TIMEOUT" }) });
    });
    ctx.router.openapi(route({ method: "get", path: "/probe/items", access: "public", responses: ok }), (c) => c.json({ ok: true }, 200));
  },
});

let kernel: Kernel;
let dataDir: string;
beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "atende-app-"));
  const web = join(dataDir, "web");
  mkdirSync(join(web, "assets"), { recursive: true });
  writeFileSync(join(web, "index.html"), "<!doctype html><title>app</title>");
  writeFileSync(join(web, "assets", "main-abc.js"), "console.log(1)");
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: "Admin123!", LOG_LEVEL: "silent", JOBS_POLL_MS: "0" });
  kernel = await createKernel({ config, plugins: [plugin], webAssets: folderAssets(web) });
});
afterEach(async () => {
  await kernel.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("HTTP shell", () => {
  it("a write the database server ended (nothing stored) answers 503 ERR_DATABASE_BUSY with Retry-After, not 500", async () => {
    const res = await kernel.app.request("/probe/busy", { headers: { accept: "application/json" } });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(await res.json()).toEqual({ error: "ERR_DATABASE_BUSY" });
  });

  it("an unexpected failure answers 500 ERR_INTERNAL without internals", async () => {
    const res = await kernel.app.request("/probe/crash", { headers: { accept: "application/json" } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: "ERR_INTERNAL" });
    expect(text).not.toContain("secret");
  });

  it("a browser navigation to an API path gets the web app; a script gets the API", async () => {
    const page = await kernel.app.request("/probe/items", { headers: { "sec-fetch-mode": "navigate", accept: "text/html" } });
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("<title>app</title>");
    const api = await kernel.app.request("/probe/items", { headers: { accept: "application/json" } });
    expect(await api.json()).toEqual({ ok: true });
  });

  it("serves hashed assets with a long cache and unknown API paths as JSON 404", async () => {
    const asset = await kernel.app.request("/assets/main-abc.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    const missing = await kernel.app.request("/nothing/here", { headers: { accept: "application/json" } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "ERR_NOT_FOUND", noRoute: true });
  });

  it("serves stored media under /public and refuses paths that climb out", async () => {
    const stored = await kernel.storage.save(2, new File(["hello"], "note.txt", { type: "text/plain" }), { maxBytes: 100 });
    expect(stored.url).toMatch(/^\/public\/company2\/[A-Za-z0-9_-]{21}\.txt$/);
    const res = await kernel.app.request(stored.url);
    expect(await res.text()).toBe("hello");
    for (const path of ["/public/../secrets.json", "/public/%2e%2e/secrets.json", "/public/company2/..%2F..%2Fsecrets.json"]) {
      const r = await kernel.app.request(path);
      expect(r.status).toBe(404);
      expect(await r.text()).not.toContain("jwt");
    }
    // Malformed escapes and NUL bytes name no file: a clear 404, never a crash.
    for (const path of ["/public/%", "/public/%zz", "/public/company2/a%", "/public/company2/a%00.txt"]) {
      const r = await kernel.app.request(path);
      expect(r.status, path).toBe(404);
      expect(await r.json()).toEqual({ error: "ERR_NOT_FOUND" });
    }
  });

  it("storage refuses files over the size limit or of the wrong type before writing", async () => {
    const big = new File(["x".repeat(200)], "a.png", { type: "image/png" });
    await expect(kernel.storage.save(2, big, { maxBytes: 100 })).rejects.toMatchObject({ code: "ERR_PAYLOAD_TOO_LARGE" });
    const exe = new File(["MZ"], "a.exe", { type: "application/octet-stream" });
    await expect(kernel.storage.save(2, exe, { maxBytes: 100, extensions: [".png"] })).rejects.toMatchObject({ code: "ERR_UNSUPPORTED_MEDIA_TYPE" });
    expect((await kernel.storage.usage(2)).numberFileFolder).toBe(0);
  });

  it("UPLOAD_MAX_BYTES caps every feature's own limit", async () => {
    const { Storage } = await import("../storage/storage.ts");
    const capped = new Storage(dataDir, 10);
    const file = new File(["x".repeat(50)], "a.txt", { type: "text/plain" });
    await expect(capped.save(2, file, { maxBytes: 1000 })).rejects.toMatchObject({ code: "ERR_PAYLOAD_TOO_LARGE", detail: { maxBytes: 10 } });
  });

  it("serves the API reference page and the OpenAPI document", async () => {
    expect(await (await kernel.app.request("/docs")).text()).toContain("swagger-ui");
    const doc = (await (await kernel.app.request("/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/auth/login", "/auth/refresh_token", "/auth/logout", "/auth/me", "/version"]));
  });
});
