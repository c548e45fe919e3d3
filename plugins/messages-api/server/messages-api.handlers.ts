import type { OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { CompanyAccess } from "../../../core/auth/company-access.ts";
import { AppError } from "../../../core/errors.ts";
import type { AppEnv } from "../../../core/http/env.ts";
import type { PlanFeatureRegistry } from "../../../core/plugin/plan-features.ts";
import type { Services } from "../../../core/plugin/services.ts";
import type { ConnectionRow } from "../../connections/server/connections.contract.ts";
import type { MessagesApiSender } from "./message-sender.service.ts";
import type { SendMediaBody, SendTextBody } from "./messages-api.schemas.ts";
import * as r from "./messages-api.routes.ts";
import type { TokenBucket } from "../../../core/limits/limit-store.ts";

/** The connection the request's bearer token authenticated, per request. */
const connectionOf = new WeakMap<Request, ConnectionRow>();

export interface SenderGate {
  services: Services;
  companyAccess: CompanyAccess;
  planFeatures: PlanFeatureRegistry;
  limiter: TokenBucket;
}

/**
 * The credential and the company's right to send, before the body is read (an anonymous
 * caller learns nothing about the payload): no token 401 ERR_SESSION_EXPIRED; a token that is
 * no connection's (unknown, or regenerated since) 401 ERR_INVALID_API_TOKEN; then the rules
 * the user guard applies to a person (core/auth/company-gate.ts): a disabled company 403
 * ERR_COMPANY_INACTIVE, an overdue one 402 ERR_SUBSCRIPTION_EXPIRED; a plan without
 * useExternalApi 403 ERR_PLAN_FEATURE_DISABLED; then the connection's rate, 429 with Retry-After.
 */
export function requireSender(gate: SenderGate): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const token = /^bearer /i.test(header) ? header.slice(7).trim() : "";
    if (!token) throw new AppError("ERR_SESSION_EXPIRED");
    const connection = token.length <= 128 ? await gate.services.require("connections.byToken")(token) : null;
    if (!connection) throw new AppError("ERR_INVALID_API_TOKEN");
    const state = await gate.companyAccess.state(connection.companyId);
    if (state === "disabled") throw new AppError("ERR_COMPANY_INACTIVE");
    if (state === "overdue") throw new AppError("ERR_SUBSCRIPTION_EXPIRED");
    if (!(await gate.planFeatures.enabled(connection.companyId, "useExternalApi"))) throw new AppError("ERR_PLAN_FEATURE_DISABLED", { flag: "useExternalApi" });
    const wait = await gate.limiter.take(`connection:${connection.id}`);
    if (wait > 0) {
      c.header("Retry-After", String(wait));
      throw new AppError("ERR_TOO_MANY_ATTEMPTS", { retryAfter: wait });
    }
    connectionOf.set(c.req.raw, connection);
    await next();
  };
}

function authenticated(request: Request): ConnectionRow {
  const connection = connectionOf.get(request);
  if (!connection) throw new AppError("ERR_INVALID_API_TOKEN");
  return connection;
}

/** Thin handler: the company and connection come from the token, never from the body. */
export function registerMessagesApiHandlers(router: OpenAPIHono<AppEnv>, gate: SenderGate, sender: MessagesApiSender) {
  router.use(r.send.path, requireSender(gate));

  router.openapi(r.send, async (c) => {
    const connection = authenticated(c.req.raw);
    const idempotencyKey = c.req.valid("header")["idempotency-key"] ?? null;
    const type = c.req.header("content-type") ?? "";
    if (/^multipart\/form-data/i.test(type)) {
      // One route, two bodies (required: false, so only the validator of the request's own type runs): zod-openapi types both validators with the union of the schemas.
      const { medias, ...fields } = c.req.valid("form") as z.output<typeof SendMediaBody>;
      const files = medias === undefined ? [] : Array.isArray(medias) ? medias : [medias];
      if (!files.length) throw new AppError("ERR_VALIDATION", { fields: { medias: "Required" } });
      return c.json(await sender.send(connection, { fields, files, idempotencyKey }), 202);
    }
    if (!/^application\/json/i.test(type)) throw new AppError("ERR_UNSUPPORTED_MEDIA_TYPE", { accepted: ["application/json", "multipart/form-data"] });
    const fields = c.req.valid("json") as z.output<typeof SendTextBody>;
    return c.json(await sender.send(connection, { fields, files: [], idempotencyKey }), 202);
  });
}
