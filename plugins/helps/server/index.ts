import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { registerHelpsHandlers } from "./helps.handlers.ts";
import { HelpsService } from "./helps.service.ts";

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    registerHelpsHandlers(ctx.router, new HelpsService(ctx.db));
  },
});
