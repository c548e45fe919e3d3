import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Permissions } from "../../../core/auth/permissions.ts";
import type { AppEnv } from "../../../core/http/env.ts";
import { withSpecChannel } from "../shared/connection-rules.ts";
import type { GreetingMedia } from "./connections.media.ts";
import * as r from "./connections.routes.ts";
import type { ConnectionsService, ConnectionView } from "./connections.service.ts";

/** Thin handlers: the company from the token, the validated input, the service call, tokens only for rule holders. */
export function registerConnectionsHandlers(router: OpenAPIHono<AppEnv>, connections: ConnectionsService, media: GreetingMedia, permissions: Permissions) {
  const companyOf = (c: Context<AppEnv>) => c.get("user").companyId;
  /**
   * Whose connection an id names for a change: the caller's company, except for the super
   * user, who manages every company's connections from /allConnections (spec 001 §2).
   */
  const ownerOf = async (c: Context<AppEnv>, id: number) => (c.get("user").super ? (await connections.showAny(id)).companyId : companyOf(c));
  /**
   * Attendants read connections to pick one; the token is a credential, so only rule holders
   * see it. Every answer carries the spec's `channel` and the driver as `channelKind` (withSpecChannel).
   */
  const present = (c: Context<AppEnv>) => {
    const seesToken = permissions.can(c.get("user"), r.RULE);
    return (v: ConnectionView) => {
      if (seesToken) return withSpecChannel(v);
      const { token: _hidden, ...rest } = v;
      return withSpecChannel(rest);
    };
  };

  // Static paths first: /whatsapp/all and /whatsapp/filter must not be read as an {id}.
  for (const route of [r.list, r.listSlash]) router.openapi(route, async (c) => c.json((await connections.list(companyOf(c))).map(present(c)), 200));
  router.openapi(r.filter, async (c) => c.json((await connections.list(companyOf(c), c.req.valid("query").channel)).map(present(c)), 200));
  for (const route of [r.listAll, r.listAllSlash]) router.openapi(route, async (c) => c.json((await connections.all()).map(withSpecChannel), 200));
  router.openapi(r.showAny, async (c) => c.json(withSpecChannel(await connections.showAny(c.req.valid("param").id)), 200));
  router.openapi(r.show, async (c) => c.json(present(c)(await connections.show(companyOf(c), c.req.valid("param").id)), 200));
  router.openapi(r.create, async (c) => {
    const input = c.req.valid("json");
    // The super user adds connections to any company from /allConnections; others always to their own.
    const companyId = c.get("user").super && input.companyId ? input.companyId : companyOf(c);
    return c.json(withSpecChannel(await connections.create(companyId, input)), 200);
  });
  router.openapi(r.update, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(withSpecChannel(await connections.update(await ownerOf(c, id), id, c.req.valid("json"))), 200);
  });
  router.openapi(r.remove, async (c) => {
    const { id } = c.req.valid("param");
    await connections.remove(await ownerOf(c, id), id);
    return c.json({ message: "Whatsapp deleted." }, 200);
  });
  router.openapi(r.regenerateToken, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(withSpecChannel(await connections.regenerateToken(await ownerOf(c, id), id)), 200);
  });
  router.openapi(r.uploadMedia, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(withSpecChannel(await media.upload(await ownerOf(c, id), id, c.req.valid("form").file)), 200);
  });
  router.openapi(r.removeMedia, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(withSpecChannel(await media.remove(await ownerOf(c, id), id)), 200);
  });
}
