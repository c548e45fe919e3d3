import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { registerSignupHandlers } from "./signup.handlers.ts";
import { SignupService } from "./signup.service.ts";

export default defineServerPlugin({
  manifest,
  setup(ctx) {
    // The companies plugin loads first (dependsOn), so its service is there or the install is broken.
    const create = ctx.services.get("companies.create");
    if (!create) throw new Error('signup needs the "companies.create" service of the companies plugin');
    registerSignupHandlers(ctx.router, new SignupService(ctx.db, ctx.settings, create));
  },
});
