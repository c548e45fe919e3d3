import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Permissions } from "../../../core/auth/permissions.ts";
import type { AppEnv } from "../../../core/http/env.ts";
import type { GreetingMedia } from "./connections.media.ts";
import * as r from "./connections.routes.ts";
import type { ConnectionsService, ConnectionView } from "./connections.service.ts";

/** Thin handlers: the company from the token, the validated input, the service call, tokens only for rule holders. */
export function registerConnectionsHandlers(router: OpenAPIHono<AppEnv>, connections: ConnectionsService, media: GreetingMedia, permissions: Permissions) {
  const companyOf = (c: Context<AppEnv>) => c.get("user").companyId;
  /** Attendants read connections to pick one; the token is a credential, so only rule holders see it. */
  const present = (c: Context<AppEnv>) => {
    const seesToken = permissions.can(c.get("user"), r.RULE);
    return (v: ConnectionView) => {
      if (seesToken) return v;
      const { token: _hidden, ...rest } = v;
      return rest;
    };
  };

  // Static paths first: /whatsapp/all and /whatsapp/filter must not be read as an {id}.
  for (const route of [r.list, r.listSlash]) router.openapi(route, async (c) => c.json((await connections.list(companyOf(c))).map(present(c)), 200));
  router.openapi(r.filter, async (c) => c.json((await connections.list(companyOf(c), c.req.valid("query").channel)).map(present(c)), 200));
  for (const route of [r.listAll, r.listAllSlash]) router.openapi(route, async (c) => c.json(await connections.all(), 200));
  router.openapi(r.showAny, async (c) => c.json(await connections.showAny(c.req.valid("param").id), 200));
  router.openapi(r.show, async (c) => c.json(present(c)(await connections.show(companyOf(c), c.req.valid("param").id)), 200));
  router.openapi(r.create, async (c) => c.json(await connections.create(companyOf(c), c.req.valid("json")), 200));
  router.openapi(r.update, async (c) => c.json(await connections.update(companyOf(c), c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.remove, async (c) => {
    await connections.remove(companyOf(c), c.req.valid("param").id);
    return c.json({ message: "Whatsapp deleted." }, 200);
  });
  router.openapi(r.regenerateToken, async (c) => c.json(await connections.regenerateToken(companyOf(c), c.req.valid("param").id), 200));
  router.openapi(r.uploadMedia, async (c) => c.json(await media.upload(companyOf(c), c.req.valid("param").id, c.req.valid("form").file), 200));
  router.openapi(r.removeMedia, async (c) => c.json(await media.remove(companyOf(c), c.req.valid("param").id), 200));
}
