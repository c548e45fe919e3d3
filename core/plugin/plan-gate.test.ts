import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "@hono/zod-openapi";
import { createTestKernel, type TestKernel } from "../../tests/support/test-kernel.ts";
import { createCompanyWithAdmin, createUser } from "../../tests/support/fixtures.ts";
import { routeFactory } from "../http/route.ts";
import { isAdmin } from "../auth/permissions.ts";
import { definePlugin } from "./manifest.ts";
import type { PlanFeatureKey } from "./plan-features.ts";
import { defineServerPlugin } from "./server-plugin.ts";

/**
 * A throwaway feature gated by its own plan feature and a named rule, to prove the kernel's
 * guards without the plans plugin: the test stands in for it, providing each company's values.
 * (The key is cast, not merged into PlanFeatures, so it does not leak into every plan type.)
 */
const FLAG = "gatedFeature" as PlanFeatureKey;
const manifest = definePlugin({
  id: "gated-feature",
  planFeatures: [{ key: FLAG, label: "gated-feature:planFeature", default: true }],
  planFlag: FLAG,
  permissions: { "gated-feature:delete": isAdmin },
});
/** Companies whose plan has the feature off. */
const off = new Set<number>();
const route = routeFactory(manifest);
const ok = { 200: { description: "ok", content: { "application/json": { schema: z.object({ ok: z.boolean() }) } } } };
const read = route({ method: "get", path: "/gated", access: "user", responses: ok });
const remove = route({ method: "delete", path: "/gated", access: "user", rule: "gated-feature:delete", responses: ok });
const ungated = route({ method: "get", path: "/gated/always", access: "user", plan: false, responses: ok });
const plugin = defineServerPlugin({
  manifest,
  setup(ctx) {
    ctx.planFeatures.provide({ forCompany: async (companyId) => ({ [FLAG]: !off.has(companyId) }), forPlan: async () => ({ [FLAG]: true }) });
    ctx.router.openapi(read, (c) => c.json({ ok: true }, 200));
    ctx.router.openapi(remove, (c) => c.json({ ok: true }, 200));
    ctx.router.openapi(ungated, (c) => c.json({ ok: true }, 200));
  },
});

let t: TestKernel;
beforeEach(async () => {
  off.clear();
  t = await createTestKernel({ plugins: [plugin] });
});
afterEach(() => t.close());

describe("plan gating and named rules", () => {
  it("a company whose plan has the flag reaches the feature", async () => {
    const { token } = await t.login();
    expect((await t.call("GET", "/gated", { token })).status).toBe(200);
  });

  it("a company whose plan lacks the flag gets ERR_PLAN_FEATURE_DISABLED naming the flag", async () => {
    const other = await createCompanyWithAdmin(t, "Sem o recurso");
    off.add(other.company.id);
    const res = await t.call("GET", "/gated", { token: other.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "ERR_PLAN_FEATURE_DISABLED", flag: FLAG });
    expect((await t.call("GET", "/gated/always", { token: other.token })).status).toBe(200);
  });

  it("the guard asks the provider on each request (caching is the provider's)", async () => {
    const other = await createCompanyWithAdmin(t, "Depois");
    off.add(other.company.id);
    expect((await t.call("GET", "/gated", { token: other.token })).status).toBe(403);
    off.delete(other.company.id);
    expect((await t.call("GET", "/gated", { token: other.token })).status).toBe(200);
  });

  it("a plugin gated by a feature no installed plugin declares stops the boot", async () => {
    const orphan = defineServerPlugin({ manifest: definePlugin({ id: "orphan", planFlag: "nobodyDeclaresThis" as PlanFeatureKey }), setup() {} });
    await expect(createTestKernel({ plugins: [plugin, orphan] })).rejects.toThrow('Plugin "orphan" is gated by plan feature "nobodyDeclaresThis"');
  });

  it("two plugins declaring one feature stop the boot", async () => {
    const twin = defineServerPlugin({ manifest: definePlugin({ id: "twin", planFeatures: [{ key: FLAG, label: "twin:x", default: true }] }), setup() {} });
    await expect(createTestKernel({ plugins: [plugin, twin] })).rejects.toThrow('Plan feature "gatedFeature" is declared by both "gated-feature" and "twin"');
  });

  it("a named rule refuses a plain user and lets an admin through", async () => {
    const admin = await t.login();
    const plain = await createUser(t, 1);
    expect((await t.call("DELETE", "/gated", { token: plain.token })).body).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await t.call("DELETE", "/gated", { token: admin.token })).status).toBe(200);
  });

  it("the session lists the named rules a user holds", async () => {
    const admin = await t.login();
    const plain = await createUser(t, 1);
    expect(admin.user.permissions).toContain("gated-feature:delete");
    expect((await t.call("GET", "/auth/me", { token: plain.token })).body.permissions).not.toContain("gated-feature:delete");
  });

  it("routes document the plugin tag and bearer security", async () => {
    const doc = (await t.call("GET", "/openapi.json")).body;
    expect(doc.paths["/gated"].get.tags).toEqual(["gated-feature"]);
    expect(doc.paths["/gated"].get.security).toEqual([{ bearer: [] }]);
  });
});
