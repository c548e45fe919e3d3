import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../core/http/route.ts";
import { jsonResponse as json } from "../../../core/http/schemas.ts";
import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "./plugin.ts";

const route = routeFactory(manifest);

/** Inherits the plugin's planFlag: ERR_PLAN_FEATURE_DISABLED unless the company's plan has useScratchBoard. */
const board = route({
  method: "get",
  path: "/scratch-board",
  access: "user",
  responses: { 200: json(z.object({ cards: z.array(z.string()) }), "The board") },
});

export default defineServerPlugin({
  manifest,
  setup(ctx) {
    ctx.router.openapi(board, (c) => c.json({ cards: ["a card"] }, 200));
  },
});
