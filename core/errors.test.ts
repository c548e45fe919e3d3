import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "@hono/zod-openapi";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { AppError, type DeclaredErrors, type ErrorCode, errorStatusOf, registerErrorCodes } from "./errors.ts";
import { routeFactory } from "./http/route.ts";
import { createKernel } from "./kernel.ts";
import type { Logger } from "./log.ts";
import { definePlugin } from "./plugin/manifest.ts";
import { defineServerPlugin, type ServerPlugin } from "./plugin/server-plugin.ts";

const probe = definePlugin({ id: "probe", errors: { ERR_PROBE_GONE: 410 } });
declare module "./errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof probe> {}
}

const route = routeFactory(probe);
const ok = { 200: { description: "ok", content: { "application/json": { schema: z.object({ ok: z.boolean() }) } } } };
const probePlugin = defineServerPlugin({
  manifest: probe,
  setup(ctx) {
    ctx.router.openapi(route({ method: "get", path: "/probe/gone", access: "public", responses: ok }), () => {
      throw new AppError("ERR_PROBE_GONE");
    });
    ctx.router.openapi(route({ method: "get", path: "/probe/undeclared", access: "public", responses: ok }), () => {
      throw new AppError("ERR_NOBODY_DECLARED" as ErrorCode);
    });
  },
});

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const boot = (plugins: readonly ServerPlugin[]) => {
  const dataDir = mkdtempSync(join(tmpdir(), "atende-errors-"));
  dataDirs.push(dataDir);
  return createKernel({ config: loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: "Admin123!", LOG_LEVEL: "silent", JOBS_POLL_MS: "0" }), plugins });
};

describe("error codes: happy", () => {
  it("the kernel knows its own codes before any plugin boots", () => {
    expect(new AppError("ERR_SESSION_EXPIRED").status).toBe(401);
    expect(new AppError("ERR_DUPLICATED_NAME").status).toBe(409);
  });

  it("a plugin's declared code answers with its status once the kernel booted it", async () => {
    const kernel = await boot([probePlugin]);
    try {
      expect(errorStatusOf("ERR_PROBE_GONE")).toBe(410);
      const res = await kernel.app.request("/probe/gone");
      expect(res.status).toBe(410);
      expect(await res.json()).toEqual({ error: "ERR_PROBE_GONE" });
    } finally {
      await kernel.stop();
    }
  });

  it("two plugins may declare one code with the same status", () => {
    expect(() =>
      registerErrorCodes([
        { owner: "a", errors: { ERR_SAME_TWICE: 404 } },
        { owner: "b", errors: { ERR_SAME_TWICE: 404 } },
      ]),
    ).not.toThrow();
    expect(errorStatusOf("ERR_SAME_TWICE")).toBe(404);
  });
});

describe("error codes: errors", () => {
  it("a code declared twice with different statuses stops the boot, naming both plugins", async () => {
    const one = defineServerPlugin({ manifest: definePlugin({ id: "one", errors: { ERR_CLASH: 404 } }), setup() {} });
    const two = defineServerPlugin({ manifest: definePlugin({ id: "two", errors: { ERR_CLASH: 409 } }), setup() {} });
    await expect(boot([one, two])).rejects.toThrow('Error code ERR_CLASH is declared by "one" as 404 and by "two" as 409');
    // Nothing of the refused boot is kept.
    expect(errorStatusOf("ERR_CLASH")).toBeUndefined();
  });

  it("a plugin may not give a kernel code another status", () => {
    expect(() => registerErrorCodes([{ owner: "rogue", errors: { ERR_NO_PERMISSION: 400 } }])).toThrow('declared by "kernel" as 403 and by "rogue" as 400');
  });

  it("an undeclared code is a 500 that is logged, never a crash", async () => {
    expect(new AppError("ERR_NOBODY_DECLARED" as ErrorCode).status).toBe(500);
    const kernel = await boot([probePlugin]);
    const logged: string[] = [];
    (kernel.log as { error: Logger["error"] }).error = (message: string) => void logged.push(message);
    try {
      const res = await kernel.app.request("/probe/undeclared");
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: "ERR_NOBODY_DECLARED" });
      expect(logged).toEqual(["ERR_NOBODY_DECLARED is declared by no installed plugin (answered as 500)"]);
    } finally {
      await kernel.stop();
    }
  });
});
