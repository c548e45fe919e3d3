import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { PluginManifest } from "../plugin/manifest.ts";
import { guard, type GuardOptions } from "./guard.ts";
import { standardErrors } from "./schemas.ts";

type RouteInput<P extends string> = Omit<RouteConfig, "path" | "middleware"> & {
  path: P;
  /**
   * The path carries a secret (the spec's `/resetpasswords/{email}/{token}/{newPassword}`):
   * a failure is logged with the route's template instead of the path, so the secret never
   * reaches a log.
   */
  secretPath?: true;
} & GuardOptions;

/** Names the route's template as the path to log for this request (see `secretPath`). */
const logTemplate =
  (template: string): MiddlewareHandler =>
  async (c, next) => {
    c.set("loggedPath", template);
    await next();
  };

/**
 * Returns the `route()` helper a plugin writes its routes with. Each route is plain
 * data: the OpenAPI definition plus who may call it. The helper adds the guard
 * middleware (auth, the company's state, access, named rule, the plugin's plan flag), tags the route with
 * the plugin id and documents the standard error answers.
 * @example
 *   const route = routeFactory(manifest);
 *   export const listHelps = route({ method: "get", path: "/helps", access: "user", responses: {...} });
 */
export function routeFactory(manifest: PluginManifest) {
  return function route<P extends string, R extends RouteInput<P>>(config: R) {
    const { access, rule, plan, whenOverdue, secretPath, ...rest } = config;
    const options: GuardOptions = { access: access ?? "user", rule, plan: plan === false ? false : (plan ?? manifest.planFlag), whenOverdue };
    const isPublic = options.access === "public";
    return createRoute({
      ...rest,
      tags: rest.tags ?? [manifest.id],
      middleware: secretPath ? [logTemplate(rest.path), ...guard(options)] : guard(options),
      ...(isPublic ? {} : { security: [{ bearer: [] }] }),
      responses: { ...(isPublic ? { 400: standardErrors[400] } : standardErrors), ...rest.responses },
    } as Omit<R, keyof GuardOptions | "secretPath"> & { path: P; middleware: ReturnType<typeof guard> });
  };
}
