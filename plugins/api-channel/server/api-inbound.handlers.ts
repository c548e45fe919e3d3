import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { CompanyAccess } from "../../../core/auth/company-access.ts";
import type { Config } from "../../../core/config.ts";
import { AppError } from "../../../core/errors.ts";
import type { AppEnv } from "../../../core/http/env.ts";
import type { Services } from "../../../core/plugin/services.ts";
import type { SettingsService } from "../../../core/settings/settings.ts";
import type { ConnectionRow } from "../../connections/server/connections.contract.ts";
import type { ProviderMessageRef } from "../../channels/channel-driver.contract.ts";
import type {} from "../../channels/inbound.contract.ts";
import * as r from "./api-inbound.routes.ts";
import type { ApiEventInput } from "./api-inbound.schemas.ts";
import { base64DecodedSize, decodeBase64, mediaLimitBytes } from "../../../core/storage/media-limits.ts";

/** The connection the request's bearer token authenticated, per request. */
const connectionOf = new WeakMap<Request, ConnectionRow>();

/**
 * The API channel's credential check, before body validation so an anonymous caller
 * learns nothing about the payload format: no token → 401 ERR_SESSION_EXPIRED; a token
 * that is not an API connection's → 403 ERR_INVALID_TOKEN (the same answer for an
 * unknown token and a WhatsApp connection's token, so tokens cannot be probed). A disabled
 * company's connection takes no new work: 503 ERR_CHANNEL_PAUSED, nothing stored, so the
 * integrator keeps the message and retries later (an overdue company's messages are stored).
 */
export function requireApiConnection(services: Services, companyAccess: CompanyAccess): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
    if (!token) throw new AppError("ERR_SESSION_EXPIRED");
    const connection = token.length <= 128 ? await services.require("connections.byToken")(token) : null;
    if (connection?.channel !== "api") throw new AppError("ERR_INVALID_TOKEN");
    if ((await companyAccess.state(connection.companyId)) === "disabled") throw new AppError("ERR_CHANNEL_PAUSED", { reason: "ERR_COMPANY_INACTIVE" });
    connectionOf.set(c.req.raw, connection);
    await next();
  };
}

function authenticated(request: Request): ConnectionRow {
  const connection = connectionOf.get(request);
  if (!connection) throw new AppError("ERR_INVALID_TOKEN");
  return connection;
}

/** Applies an integrator's ack / edit / delete to the stored message it names. */
function applyEvent(services: Services, ref: ProviderMessageRef, input: ApiEventInput): Promise<boolean> {
  if (input.type === "ack") return services.require("tickets.ack")(ref, input.ack as 0 | 1 | 2 | 3 | 4 | 5);
  if (input.type === "edit") return services.require("tickets.providerEdited")(ref, input.body?.trim() ?? "");
  return services.require("tickets.providerDeleted")(ref);
}

/** Thin handlers: the company and connection come from the token, never from the body. */
export function registerApiInboundHandlers(
  router: OpenAPIHono<AppEnv>,
  services: Services,
  settings: SettingsService,
  config: Pick<Config, "UPLOAD_MAX_BYTES">,
  companyAccess: CompanyAccess,
) {
  router.use(r.inbound.path, requireApiConnection(services, companyAccess));
  router.use(r.events.path, requireApiConnection(services, companyAccess));

  router.openapi(r.inbound, async (c) => {
    const connection = authenticated(c.req.raw);
    const input = c.req.valid("json");
    let media: { mimetype: string; fileName: string; data: Uint8Array } | undefined;
    if (input.media) {
      // Sized from the text before decoding: an oversized file is refused without allocating it.
      const maxBytes = await mediaLimitBytes(settings, config);
      if (base64DecodedSize(input.media.data) > maxBytes) throw new AppError("ERR_PAYLOAD_TOO_LARGE", { maxBytes });
      media = { mimetype: input.media.mimetype, fileName: input.media.fileName, data: decodeBase64(input.media.data) };
    }
    const result = await services.require("tickets.receive")({
      companyId: connection.companyId,
      whatsappId: connection.id,
      providerId: input.id,
      from: { number: input.number, name: input.name },
      body: input.body,
      media,
    });
    return c.json({ messageId: result.message.id, ticketId: result.ticket.id, ticketUuid: result.ticket.uuid, contactId: result.contact.id, duplicate: result.duplicate }, 200);
  });

  router.openapi(r.events, async (c) => {
    const connection = authenticated(c.req.raw);
    const input = c.req.valid("json");
    const ref = { companyId: connection.companyId, whatsappId: connection.id, providerId: input.id };
    return c.json({ applied: await applyEvent(services, ref, input) }, 200);
  });
}
