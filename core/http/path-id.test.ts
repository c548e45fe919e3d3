import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "@hono/zod-openapi";
import { loadConfig } from "../config.ts";
import { createKernel, type Kernel } from "../kernel.ts";
import { definePlugin } from "../plugin/manifest.ts";
import { defineServerPlugin } from "../plugin/server-plugin.ts";
import { routeFactory } from "./route.ts";
import { IdParam, pathId } from "./schemas.ts";

const manifest = definePlugin({ id: "probe" });
const route = routeFactory(manifest);
const ok = { 200: { description: "ok", content: { "application/json": { schema: z.object({ id: z.number(), other: z.number().optional() }) } } } };
const plugin = defineServerPlugin({
  manifest,
  setup(ctx) {
    ctx.router.openapi(route({ method: "get", path: "/probe/{id}", access: "public", request: { params: IdParam }, responses: ok }), (c) =>
      c.json({ id: c.req.valid("param").id }, 200),
    );
    const Pair = z.object({ id: pathId("id"), otherId: pathId("otherId", "invalid other ID") });
    ctx.router.openapi(route({ method: "get", path: "/probe/{id}/other/{otherId}", access: "public", request: { params: Pair }, responses: ok }), (c) =>
      c.json({ id: c.req.valid("param").id, other: c.req.valid("param").otherId }, 200),
    );
  },
});

let kernel: Kernel;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "atende-pathid-"));
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: "Admin123!", LOG_LEVEL: "silent", JOBS_POLL_MS: "0" });
  kernel = await createKernel({ config, plugins: [plugin], webAssets: null });
});
afterAll(async () => {
  await kernel.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = async (path: string) => {
  const res = await kernel.app.request(path, { headers: { accept: "application/json" } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("path ids: happy", () => {
  it("a plain decimal id is read as a number, up to the largest safe integer", async () => {
    expect(await get("/probe/1")).toEqual({ status: 200, body: { id: 1 } });
    expect(await get("/probe/42")).toEqual({ status: 200, body: { id: 42 } });
    expect(await get("/probe/9007199254740991")).toEqual({ status: 200, body: { id: 9007199254740991 } });
    expect(await get("/probe/7/other/8")).toEqual({ status: 200, body: { id: 7, other: 8 } });
  });

  it("is documented as a positive integer path parameter", async () => {
    const doc = (await (await kernel.app.request("/openapi.json")).json()) as { paths: Record<string, { get: { parameters: unknown[] } }> };
    expect(doc.paths["/probe/{id}"]!.get.parameters).toEqual([{ in: "path", name: "id", required: true, schema: { type: "integer", minimum: 1, example: 1 } }]);
  });
});

describe("path ids: errors", () => {
  it("refuses every other spelling of a number with a validation error naming the parameter", async () => {
    for (const id of ["0x10", "%201", "%20", "1%20", "1e3", "+1", "-1", "0", "01", "1.0", "1.5", "9007199254740992", "9999999999999999999", "abc", "%", "%00", "１"]) {
      const res = await get(`/probe/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body, id).toEqual({ error: "ERR_VALIDATION", fields: { id: "Invalid id" } });
    }
  });

  it("names each bad parameter with its own message", async () => {
    expect((await get("/probe/1/other/0x1")).body).toEqual({ error: "ERR_VALIDATION", fields: { otherId: "invalid other ID" } });
  });
});
