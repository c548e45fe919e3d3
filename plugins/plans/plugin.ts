import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Subscription plans: limits (users, connections, queues), price and the feature flags
 * that switch plugins on per company. The super user manages them; signup reads the
 * public ones. The `plans` table itself belongs to the kernel (plan gating needs it).
 */
export const manifest = definePlugin({ id: "plans" });
