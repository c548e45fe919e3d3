import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { registerSignupHandlers } from "./signup.handlers.ts";
import { SignupService } from "./signup.service.ts";

export default defineServerPlugin({
  manifest,
  setup(ctx) {
    registerSignupHandlers(ctx.router, new SignupService(ctx.db, ctx.settings, ctx.services.require("companies.create"), ctx.planFeatures));
  },
});
