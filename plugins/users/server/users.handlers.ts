import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import { setRefreshCookie } from "../../../core/auth/refresh-cookie.ts";
import type { UsersService } from "./users.service.ts";
import * as r from "./users.routes.ts";

/** Thin handlers: read the validated input, call the service, answer. `/users/list` comes before `/users/{id}`. */
export function registerUsersHandlers(router: OpenAPIHono<AppEnv>, users: UsersService) {
  router.openapi(r.list, async (c) => {
    const { searchParam, pageNumber } = c.req.valid("query");
    return c.json(await users.page(c.get("user").companyId, searchParam, pageNumber), 200);
  });
  router.openapi(r.summaries, async (c) => c.json(await users.list(c.get("user").companyId), 200));
  router.openapi(r.show, async (c) => c.json(await users.show(c.get("user"), c.req.valid("param").id), 200));
  router.openapi(r.create, async (c) => c.json(await users.create(c.get("user"), c.req.valid("json")), 200));
  router.openapi(r.update, async (c) => {
    const actor = c.get("user");
    const { user, row, revoked } = await users.update(actor, c.req.valid("param").id, c.req.valid("json"));
    // Changing one's own password (or profile) must not end one's own session.
    if (revoked && row.id === actor.id) await setRefreshCookie(c, row, c.get("kernel").secrets.jwtRefresh);
    return c.json(user, 200);
  });
  router.openapi(r.remove, async (c) => {
    await users.remove(c.get("user"), c.req.valid("param").id);
    return c.json({ message: "User deleted" }, 200);
  });
  router.openapi(r.avatar, async (c) => {
    const { profileImage } = c.req.valid("form");
    return c.json(await users.uploadAvatar(c.get("user"), c.req.valid("param").id, profileImage), 200);
  });
}
