import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { PlanFeatureCache } from "./plan-features.cache.ts";
import { PlanFeatureStore } from "./plan-features.store.ts";
import { registerPlansHandlers } from "./plans.handlers.ts";
import { planRoutes } from "./plans.routes.ts";
import { planSchemas } from "./plans.schemas.ts";
import { PlansService } from "./plans.service.ts";

/**
 * `plans` (name, limits, price) is a kernel table; this plugin owns `plan_features` and
 * provides the kernel's plan-feature lookup that gating, the session user and other plugins ask.
 */
export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const store = new PlanFeatureStore(ctx.db, ctx.planFeatures);
    const cache = new PlanFeatureCache((companyId) => store.forCompany(companyId));
    // Plans are read per company on every gated request (cached); per plan only by signup (not cached).
    ctx.planFeatures.provide({ forCompany: (companyId) => cache.forCompany(companyId), forPlan: (planId) => store.forPlan(planId) });
    // Every company write (its plan among them) goes through the company-access invalidation.
    ctx.companyAccess.onChange(({ companyId }) => cache.forgetCompany(companyId));
    const routes = planRoutes(planSchemas(ctx.planFeatures.declared));
    registerPlansHandlers(ctx.router, routes, new PlansService(ctx.db, store, () => cache.forgetAll()));
  },
});
