import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import type { Context } from "hono";
import { AppError, errorStatusOf } from "../errors.ts";
import { DatabaseBusyError, isDatabaseBusy } from "../db/errors.ts";
import type { Kernel } from "../kernel.ts";
import type { AppEnv } from "./env.ts";
import { validationHook } from "./validation.ts";
import type { WebAssets } from "./web-assets.ts";
import { docsInitScript, docsPage } from "./docs-page.ts";
import { securityHeaders, userMediaHeaders } from "./security-headers.ts";
import { slashInsensitiveRouter } from "./trailing-slash.ts";

/** A router with the shared validation hook; plugins get one each. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

const statusCode: Record<number, ConstructorParameters<typeof AppError>[0]> = {
  400: "ERR_VALIDATION",
  401: "ERR_SESSION_EXPIRED",
  403: "ERR_NO_PERMISSION",
  404: "ERR_NOT_FOUND",
  413: "ERR_PAYLOAD_TOO_LARGE",
  415: "ERR_UNSUPPORTED_MEDIA_TYPE",
};

/** Renders any thrown value as `{ error: "ERR_..." }`; unknown failures are logged, never shown. */
export function renderError(err: unknown, c: Context, kernel: Kernel) {
  if (err instanceof AppError) {
    if (errorStatusOf(err.code) === undefined) kernel.log.error(`${err.code} is declared by no installed plugin (answered as 500)`, err);
    return c.json(err.toJSON(), err.status as 400);
  }
  if (err instanceof HTTPException) {
    const code = statusCode[err.status] ?? "ERR_INTERNAL";
    const detail = err.status === 400 && err.message ? { fields: { body: err.message } } : {};
    return c.json({ error: code, ...detail }, err.status);
  }
  if (isDatabaseBusy(err)) {
    // Nothing was stored (core/db/errors.ts): the client may send the same request again.
    c.header("Retry-After", String(err instanceof DatabaseBusyError ? err.retryAfterSeconds : 1));
    kernel.log.warn(`${c.req.method} ${c.get("loggedPath") ?? new URL(c.req.url).pathname}: the database server ended its transaction`, { error: String((err as Error).message) });
    return c.json({ error: "ERR_DATABASE_BUSY" }, 503);
  }
  // A route whose path carries a secret names its template instead (`secretPath` in core/http/route.ts).
  const path = c.get("loggedPath") ?? new URL(c.req.url).pathname;
  kernel.log.error(`${c.req.method} ${path} failed`, err);
  return c.json({ error: "ERR_INTERNAL" }, 500);
}

/** Paths that never fall back to the web app, even for a browser navigation. */
const serverPaths = /^\/(public\/|socket\.io\/|openapi\.json$|docs$|docs-assets\/|version$|health\/?$|ready\/?$|metrics\/?$)/;

/** A browser loading a page (not a script calling the API): answer with the web app. */
function isNavigation(c: Context): boolean {
  if (c.req.method !== "GET" || c.req.header("authorization")) return false;
  const mode = c.req.header("sec-fetch-mode");
  if (mode) return mode === "navigate";
  return (c.req.header("accept") ?? "").split(",")[0]?.trim() === "text/html";
}

/**
 * The root app: CORS, body limit, the kernel on every request, errors rendered
 * centrally, media under /public, the web app for page loads, and 404 otherwise.
 * The API keeps the spec's paths at the root (they are the contract with existing
 * clients); a page load of the same path (e.g. /users) gets the web app instead.
 */
export function createRootApp(kernel: Kernel, assets: WebAssets | null): OpenAPIHono<AppEnv> {
  // Every route answers with and without a trailing slash (trailing-slash.ts); plugin
  // routers hand their routes to this one, so later plugins are covered too.
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook, strict: false, router: slashInsensitiveRouter() });
  app.onError((err, c) => renderError(err, c, kernel));
  app.use("*", securityHeaders());
  if (kernel.config.FRONTEND_URL) app.use("*", cors({ origin: kernel.config.FRONTEND_URL, credentials: true }));
  const maxBytes = kernel.config.MAX_BODY_BYTES;
  const tooLarge = () => {
    throw new AppError("ERR_PAYLOAD_TOO_LARGE", { maxBytes });
  };
  const streamedLimit = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  app.use("*", (c, next) => {
    // A declared length decides at once. Hono's check looks at `request.body` first, which
    // makes Bun build a stream for every request (and the handler then read the body through
    // it): a cost on each inbound message. Bodies without a length are counted as they stream.
    const length = c.req.raw.headers.get("content-length");
    if (length !== null && !c.req.raw.headers.has("transfer-encoding")) return Number.parseInt(length, 10) > maxBytes ? tooLarge() : next();
    return streamedLimit(c, next);
  });
  // Requests by route (the matched pattern, not the path: ids would make a series each) and status.
  const requests = kernel.metrics.counter("atende_http_requests_total", "HTTP requests answered, by method, route pattern and status", ["method", "route", "status"]);
  const latency = kernel.metrics.histogram("atende_http_request_duration_seconds", "Time to answer an HTTP request, by method and route pattern", ["method", "route"]);
  app.use("*", async (c, next) => {
    const started = performance.now();
    kernel.readiness.requestStarted();
    try {
      await next();
    } finally {
      kernel.readiness.requestEnded();
      // After `next`, routePath names the last handler that ran: the route's own pattern.
      const labels = { method: c.req.method, route: c.req.routePath };
      requests.inc({ ...labels, status: c.res.status });
      latency.observe(labels, (performance.now() - started) / 1000);
    }
  });
  app.use("*", async (c, next) => {
    c.set("kernel", kernel);
    const path = new URL(c.req.url).pathname;
    if (assets && isNavigation(c) && !serverPaths.test(path)) {
      const index = await assets.get("index.html");
      if (index) return c.body(index.body as Uint8Array<ArrayBuffer>, 200, { "content-type": index.type, "cache-control": "no-cache" });
    }
    await next();
  });

  app.get("/public/*", async (c) => {
    const file = await kernel.storage.read(new URL(c.req.url).pathname.slice("/public/".length));
    if (!file) throw new AppError("ERR_NOT_FOUND");
    // Customer and attendant files: never a page of our origin (stored XSS through an SVG, HTML...).
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200, userMediaHeaders(file.type));
  });
  app.get("/docs", (c) => c.html(docsPage));
  app.get("/docs-assets/init.js", (c) => c.body(docsInitScript, 200, { "content-type": "text/javascript; charset=utf-8" }));
  return app;
}

/** Static files of the web app (hashed assets cache forever); unknown paths 404 as JSON. */
export function finishRootApp(app: OpenAPIHono<AppEnv>, assets: WebAssets | null) {
  app.get("*", async (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (assets && /\.[a-z0-9]+$/i.test(path)) {
      const file = await assets.get(path);
      if (file) {
        const immutable = path.startsWith("/assets/");
        return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
          "content-type": file.type,
          "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
        });
      }
    }
    await next();
  });
  // `noRoute` tells "no such method and path" from a handler's missing record (also ERR_NOT_FOUND).
  app.notFound((c) => c.json({ error: "ERR_NOT_FOUND", noRoute: true }, 404));
}
