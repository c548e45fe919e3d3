import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "@hono/zod-openapi";
import { loadConfig } from "../config.ts";
import { createKernel, type Kernel } from "../kernel.ts";
import { definePlugin } from "../plugin/manifest.ts";
import { defineServerPlugin } from "../plugin/server-plugin.ts";
import { routeFactory } from "./route.ts";
import { withoutTrailingSlash } from "./trailing-slash.ts";
import { folderAssets } from "./web-assets.ts";

const manifest = definePlugin({ id: "probe" });
const route = routeFactory(manifest);
const ok = { 200: { description: "ok", content: { "application/json": { schema: z.object({ route: z.string() }) } } } };
const plugin = defineServerPlugin({
  manifest,
  setup(ctx) {
    // One route written with the slash (like the spec's `/users/`), two without.
    ctx.router.openapi(route({ method: "get", path: "/probe/list/", access: "public", responses: ok }), (c) => c.json({ route: "list" }, 200));
    ctx.router.openapi(route({ method: "get", path: "/probe/items", access: "public", responses: ok }), (c) => c.json({ route: "items" }, 200));
    ctx.router.openapi(route({ method: "post", path: "/probe/items", access: "public", responses: ok }), (c) => c.json({ route: "create" }, 200));
  },
});

let kernel: Kernel;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "atende-slash-"));
  const web = join(dataDir, "web");
  mkdirSync(join(web, "assets"), { recursive: true });
  writeFileSync(join(web, "index.html"), "<!doctype html><title>app</title>");
  writeFileSync(join(web, "assets", "main-abc.js"), "console.log(1)");
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: "Admin123!", LOG_LEVEL: "silent", JOBS_POLL_MS: "0" });
  kernel = await createKernel({ config, plugins: [plugin], webAssets: folderAssets(web) });
});
afterAll(async () => {
  await kernel.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const api = (path: string, method = "GET") => kernel.app.request(path, { method, headers: { accept: "application/json" } });

describe("trailing slashes: happy", () => {
  it("a route answers with and without a trailing slash, however it was written", async () => {
    for (const [path, method, expected] of [
      ["/probe/list/", "GET", "list"],
      ["/probe/list", "GET", "list"],
      ["/probe/items", "GET", "items"],
      ["/probe/items/", "GET", "items"],
      ["/probe/items/", "POST", "create"],
    ] as const) {
      const res = await api(path, method);
      expect(res.status, `${method} ${path}`).toBe(200);
      expect(await res.json()).toEqual({ route: expected });
    }
  });

  it("page loads, assets and media keep working with the switch on", async () => {
    const page = await kernel.app.request("/probe/items/", { headers: { "sec-fetch-mode": "navigate", accept: "text/html" } });
    expect(await page.text()).toContain("<title>app</title>");
    expect((await kernel.app.request("/assets/main-abc.js")).status).toBe(200);
    const stored = await kernel.storage.save(2, new File(["hi"], "a.txt", { type: "text/plain" }), { maxBytes: 100 });
    expect(await (await kernel.app.request(stored.url)).text()).toBe("hi");
    expect((await kernel.app.request("/version/")).status).toBe(200);
  });

  it("the API description keeps the spelling each route was written with", async () => {
    const doc = (await (await kernel.app.request("/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/probe/list/", "/probe/items"]));
    expect(Object.keys(doc.paths)).not.toContain("/probe/list");
  });
});

describe("trailing slashes: errors", () => {
  it("only one trailing slash is dropped, and an unrouted path says so", async () => {
    for (const path of ["/probe/items//", "/probe/nothing/", "/probe/list/x"]) {
      const res = await api(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: "ERR_NOT_FOUND", noRoute: true });
    }
  });

  it("withoutTrailingSlash leaves the root and slash-less paths alone", () => {
    expect(withoutTrailingSlash("/")).toBe("/");
    expect(withoutTrailingSlash("/users/")).toBe("/users");
    expect(withoutTrailingSlash("/users")).toBe("/users");
    expect(withoutTrailingSlash("/public/*")).toBe("/public/*");
  });
});
