import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AppError } from "../../../../core/errors.ts";
import type { AppEnv } from "../../../../core/http/env.ts";
import type { SessionManager } from "./session-manager.ts";
import * as r from "./session.routes.ts";

/** Thin handlers: the company from the token, the session manager does the rest. */
export function registerSessionHandlers(router: OpenAPIHono<AppEnv>, sessions: SessionManager): void {
  const companyOf = (c: Context<AppEnv>) => c.get("user").companyId;

  // The admin path first: "admin" must never be read as an {id}.
  router.openapi(r.disconnectAny, async (c) => {
    const id = c.req.valid("param").id;
    const row = (await sessions.status.whatsappConnections()).find((w) => w.id === id);
    if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
    await sessions.disconnect(row.companyId, id);
    return c.json({ message: "Session disconnected." }, 200);
  });
  router.openapi(r.start, async (c) => {
    const { phoneNumber } = c.req.valid("json") ?? {};
    const done = await sessions.start(companyOf(c), c.req.valid("param").id, { phoneNumber });
    const message = done.alreadyConnected ? "Session already connected." : "Starting session.";
    return c.json(done.pairingCode ? { message, pairingCode: done.pairingCode } : { message }, 200);
  });
  router.openapi(r.newQr, async (c) => {
    await sessions.newQr(companyOf(c), c.req.valid("param").id);
    return c.json({ message: "Starting session." }, 200);
  });
  router.openapi(r.disconnect, async (c) => {
    await sessions.disconnect(companyOf(c), c.req.valid("param").id);
    return c.json({ message: "Session disconnected." }, 200);
  });
  for (const route of [r.restart, r.restartSlash]) {
    router.openapi(route, async (c) => {
      // In the background: a company with many numbers must not hold the request open.
      const companyId = companyOf(c);
      sessions.restartCompany(companyId).catch((err) => sessions.logError(`whatsapp: restarting company ${companyId}'s sessions failed`, err));
      return c.json({ message: "Whatsapp restart." }, 200);
    });
  }
}
