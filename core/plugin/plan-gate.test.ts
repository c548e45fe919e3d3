import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { createTestKernel, type TestKernel } from "../../tests/support/test-kernel.ts";
import { createCompanyWithAdmin, createUser } from "../../tests/support/fixtures.ts";
import { routeFactory } from "../http/route.ts";
import { isAdmin } from "../auth/permissions.ts";
import { plans } from "../db/tables.ts";
import { definePlugin } from "./manifest.ts";
import { defineServerPlugin } from "./server-plugin.ts";

/** A throwaway feature gated by a plan flag and a named rule, to prove the kernel's guards. */
const manifest = definePlugin({
  id: "gated-feature",
  planFlag: "useCampaigns",
  permissions: { "gated-feature:delete": isAdmin },
});
const route = routeFactory(manifest);
const ok = { 200: { description: "ok", content: { "application/json": { schema: z.object({ ok: z.boolean() }) } } } };
const read = route({ method: "get", path: "/gated", access: "user", responses: ok });
const remove = route({ method: "delete", path: "/gated", access: "user", rule: "gated-feature:delete", responses: ok });
const ungated = route({ method: "get", path: "/gated/always", access: "user", plan: false, responses: ok });
const plugin = defineServerPlugin({
  manifest,
  setup(ctx) {
    ctx.router.openapi(read, (c) => c.json({ ok: true }, 200));
    ctx.router.openapi(remove, (c) => c.json({ ok: true }, 200));
    ctx.router.openapi(ungated, (c) => c.json({ ok: true }, 200));
  },
});

let t: TestKernel;
beforeEach(async () => {
  t = await createTestKernel({ plugins: [plugin] });
});
afterEach(() => t.close());

describe("plan gating and named rules", () => {
  it("a company whose plan has the flag reaches the feature", async () => {
    const { token } = await t.login();
    expect((await t.call("GET", "/gated", { token })).status).toBe(200);
  });

  it("a company whose plan lacks the flag gets ERR_PLAN_FEATURE_DISABLED naming the flag", async () => {
    const [basic] = await t.kernel.db.insert(plans).values({ name: "Basic", useCampaigns: false }).returning();
    const other = await createCompanyWithAdmin(t, "Sem campanhas", { planId: basic!.id });
    const res = await t.call("GET", "/gated", { token: other.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "ERR_PLAN_FEATURE_DISABLED", flag: "useCampaigns" });
    expect((await t.call("GET", "/gated/always", { token: other.token })).status).toBe(200);
  });

  it("switching the flag on in the plan opens the feature at once", async () => {
    const [basic] = await t.kernel.db.insert(plans).values({ name: "Basic", useCampaigns: false }).returning();
    const other = await createCompanyWithAdmin(t, "Depois", { planId: basic!.id });
    await t.kernel.db.update(plans).set({ useCampaigns: true }).where(eq(plans.id, basic!.id));
    expect((await t.call("GET", "/gated", { token: other.token })).status).toBe(200);
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
