import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./http/env.ts";
import type { Kernel } from "./kernel.ts";

const route = createRoute({
  method: "get",
  path: "/version",
  tags: ["system"],
  responses: { 200: { description: "The server's version", content: { "application/json": { schema: z.object({ version: z.string() }) } } } },
});

export function registerVersionRoute(app: OpenAPIHono<AppEnv>, kernel: Kernel) {
  app.openapi(route, (c) => c.json({ version: kernel.version }, 200));
}
