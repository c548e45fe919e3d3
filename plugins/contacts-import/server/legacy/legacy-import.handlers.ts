import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../../../core/http/env.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import type { Starter } from "../import/import-service.ts";
import type { LegacyImport } from "./legacy-import.service.ts";
import * as r from "./legacy-import.routes.ts";

/** Thin handlers: the caller's company and user, the validated input, the service call. */
export function registerLegacyImportHandlers(router: OpenAPIHono<AppEnv>, legacy: LegacyImport, services: Services) {
  const who = (c: Context<AppEnv>): Starter => ({ companyId: c.get("user").companyId, userId: c.get("user").id });

  router.openapi(r.importOne, async (c) => {
    const masked = await services.require("contacts.masksNumbersFor")(c.get("user"));
    return c.json(await legacy.one({ ...who(c), masked }, c.req.valid("json")), 200);
  });
  router.openapi(r.uploadAndStart, async (c) => c.json(await legacy.upload(who(c), c.req.valid("form").file), 200));
  // The body is optional (the original client may send none): then the default connection, no tags.
  router.openapi(r.importPhoneBook, async (c) => {
    const input = c.req.valid("json") ?? {};
    return c.json(await legacy.phoneBook(who(c), input.whatsappId ?? null, input.tags ?? []), 200);
  });
  router.openapi(r.importChats, async (c) => {
    const input = c.req.valid("json") ?? {};
    return c.json(await legacy.chats(who(c), input.whatsappId ?? null, input.tags ?? []), 200);
  });
}
