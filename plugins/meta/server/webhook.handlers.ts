import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../../core/config.ts";
import { AppError } from "../../../core/errors.ts";
import type { AppEnv } from "../../../core/http/env.ts";
import type { Logger } from "../../../core/log.ts";
import type { CloudWebhook } from "./cloud-webhook.ts";
import type { MessagingWebhook } from "./messaging-webhook.ts";
import { arr, obj, str } from "./payload.ts";
import { constantTimeEqual, validSignature } from "./webhook-signature.ts";
import * as r from "./webhook.routes.ts";

interface Parsers {
  messaging: MessagingWebhook;
  cloud: CloudWebhook;
}

/**
 * The webhook door. Nothing is parsed or stored before the signature is checked. Each
 * entry is processed before answering (the tests stay deterministic, and an answer of 500
 * makes Meta retry a delivery whose storing failed: receiving is idempotent by message id).
 * Entries of a disabled company's connection are dropped by the parsers (logged, not
 * stored) and still answered 200: one delivery batches entries of many companies, and a
 * non-2xx would make Meta resend all of them, for as long as the company stays disabled,
 * until it disables the whole app's webhook. An overdue company's entries are stored.
 */
export function registerWebhookHandlers(router: OpenAPIHono<AppEnv>, config: Pick<Config, "META_APP_SECRET" | "META_VERIFY_TOKEN">, parsers: Parsers, logger: Logger) {
  router.openapi(r.verify, async (c) => {
    const q = c.req.valid("query");
    const expected = config.META_VERIFY_TOKEN;
    if (!expected) throw new AppError("ERR_INVALID_TOKEN", { detail: "META_VERIFY_TOKEN is not configured" });
    if (q["hub.mode"] !== "subscribe" || !constantTimeEqual(q["hub.verify_token"] ?? "", expected))
      throw new AppError("ERR_INVALID_TOKEN", { detail: "hub.mode or hub.verify_token does not match" });
    return c.text(q["hub.challenge"] ?? "", 200);
  });

  router.openapi(r.deliver, async (c) => {
    const secret = config.META_APP_SECRET;
    if (!secret) throw new AppError("ERR_INVALID_TOKEN", { detail: "META_APP_SECRET is not configured: webhook deliveries cannot be verified" });
    const raw = new Uint8Array(await c.req.arrayBuffer());
    if (!(await validSignature(raw, c.req.header("x-hub-signature-256"), secret))) throw new AppError("ERR_INVALID_TOKEN", { detail: "missing or invalid X-Hub-Signature-256" });
    let payload: Record<string, unknown>;
    try {
      payload = obj(JSON.parse(new TextDecoder().decode(raw)));
    } catch {
      throw new AppError("ERR_VALIDATION", { fields: { body: "Invalid JSON" } });
    }
    const object = str(payload.object);
    let failures = 0;
    for (const entry of arr(payload.entry).map(obj)) {
      try {
        if (object === "page") await parsers.messaging.entry("facebook", entry);
        else if (object === "instagram") await parsers.messaging.entry("instagram", entry);
        else if (object === "whatsapp_business_account") await parsers.cloud.entry(entry);
        else logger.info(`meta: webhook object "${object ?? "?"}" is not handled: ignored`);
      } catch (err) {
        // The other entries still go in; the delivery is then answered 500 so Meta sends it again.
        failures++;
        logger.error(`meta: webhook entry ${str(entry.id) ?? "?"} failed`, err);
      }
    }
    if (failures) throw new AppError("ERR_INTERNAL", { detail: `${failures} webhook entries failed; Meta will retry` });
    return c.json({ received: true }, 200);
  });
}
