import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Subscription plans: limits (users, connections, queues), price and the plan features
 * that switch plugins on per company. The super user manages them; signup reads the
 * public ones. The `plans` table (name, limits, price) belongs to the kernel; the features
 * are rows of this plugin's `plan_features`, declared by the plugins that need them.
 *
 * The spec's flags whose features are not built yet are declared here, as the spec's
 * catalogue, so the API answers them today; the plugin that builds one moves its entry
 * (same key) into its own manifest, and the stored values stay as they are.
 */
export const manifest = definePlugin({
  id: "plans",
  planFeatures: [
    { key: "useOpenAi", label: "plans:flags.useOpenAi", default: true },
    { key: "useIntegrations", label: "plans:flags.useIntegrations", default: true },
  ],
  errors: {
    ERR_NO_PLAN_FOUND: 404,
    ERR_PLAN_IN_USE: 409,
  },
});

/** Types the catalogue's keys (planFlag, `planFeatures.enabled`). */
declare module "../../core/plugin/plan-features.ts" {
  interface PlanFeatures {
    useOpenAi: true;
    useIntegrations: true;
  }
}

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
