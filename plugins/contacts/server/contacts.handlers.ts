import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../../core/http/env.ts";
import type { SettingsService } from "../../../core/settings/settings.ts";
import { masksNumbersFor } from "./contacts.events.ts";
import type { ContactsService, Viewer } from "./contacts.service.ts";
import * as r from "./contacts.routes.ts";

/** Reads an optional JSON body; none (or not JSON) means "flip the flag". */
async function optionalFlag(c: Context<AppEnv>, key: string): Promise<boolean | undefined> {
  const value = ((await c.req.json().catch(() => ({}))) as Record<string, unknown> | null)?.[key];
  return typeof value === "boolean" ? value : undefined;
}

/** Thin handlers: who asks (company, LGPD masking), the validated input, the service call. */
export function registerContactsHandlers(router: OpenAPIHono<AppEnv>, contacts: ContactsService, settings: SettingsService) {
  const viewer = async (c: Context<AppEnv>): Promise<Viewer> => {
    const user = c.get("user");
    return { companyId: user.companyId, masked: await masksNumbersFor(settings, user) };
  };

  router.openapi(r.list, async (c) => c.json(await contacts.page(await viewer(c), c.req.valid("query")), 200));
  router.openapi(r.listAll, async (c) => c.json(await contacts.list(await viewer(c)), 200));
  router.openapi(r.show, async (c) => c.json(await contacts.show(await viewer(c), c.req.valid("param").id), 200));
  router.openapi(r.create, async (c) => c.json(await contacts.create(await viewer(c), c.req.valid("json")), 200));
  router.openapi(r.update, async (c) => c.json(await contacts.update(await viewer(c), c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.remove, async (c) => {
    await contacts.remove(c.get("user").companyId, c.req.valid("param").id);
    return c.json({ message: "Contact deleted" }, 200);
  });
  router.openapi(r.profile, async (c) => c.json(await contacts.profile(c.get("user").companyId, c.req.valid("param").number), 200));
  router.openapi(r.toggleAcceptAudio, async (c) =>
    c.json(await contacts.setFlag(await viewer(c), c.req.valid("param").id, "acceptAudioMessage", await optionalFlag(c, "acceptAudioMessage")), 200),
  );
  router.openapi(r.block, async (c) => c.json(await contacts.setFlag(await viewer(c), c.req.valid("param").id, "active", await optionalFlag(c, "active")), 200));
  router.openapi(r.toggleDisableBot, async (c) =>
    c.json(await contacts.setFlag(await viewer(c), c.req.valid("param").contactId, "disableBot", await optionalFlag(c, "disableBot")), 200),
  );
}
