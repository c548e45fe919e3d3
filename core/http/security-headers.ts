import type { MiddlewareHandler } from "hono";

/**
 * The web app's policy: scripts only from our own origin (the build emits no inline
 * script), API and Socket.IO calls only to our own origin, no framing of us by anyone.
 * Styles allow inline because Blueprint and the flow editor set element styles at run
 * time; images allow `https:` and `data:` because customers' profile pictures and pasted
 * images come from there. (A web app hosted elsewhere through `FRONTEND_URL` is governed
 * by its own host's headers.)
 */
export function appContentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // Help entries play their videos in YouTube's privacy-enhanced player.
    "frame-src https://www.youtube-nocookie.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Headers on every answer: no MIME sniffing, no framing, no full URLs leaked to other
 * sites, and the app's CSP unless a route already set a stricter one (user media does).
 * @example app.use("*", securityHeaders());
 */
export function securityHeaders(): MiddlewareHandler {
  const csp = appContentSecurityPolicy();
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("X-Frame-Options", "DENY");
    if (!h.has("Content-Security-Policy")) h.set("Content-Security-Policy", csp);
  };
}

/**
 * Types a browser shows passively (pictures, sound, film, plain text): they stay inline so
 * the conversation displays them. Everything else (SVG, HTML, XML, JavaScript, PDF, unknown)
 * is a download: a browser never renders it as a page of our origin.
 */
const PASSIVE_TYPES = /^(image\/(png|jpeg|gif|webp|bmp|x-icon|avif)|audio\/[\w.+-]+|video\/[\w.+-]+|text\/plain)$/;

/**
 * Headers for a user-supplied file under `/public`: even when opened directly, it runs as a
 * sandboxed document with no script and no requests of its own (`sandbox; default-src 'none'`),
 * and any type a browser could execute is sent as an attachment.
 */
export function userMediaHeaders(type: string): Record<string, string> {
  const inline = PASSIVE_TYPES.test(type.split(";")[0]!.trim().toLowerCase());
  return {
    "content-type": type,
    "content-security-policy": "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'",
    "x-content-type-options": "nosniff",
    "content-disposition": inline ? "inline" : "attachment",
    "cross-origin-resource-policy": "cross-origin",
  };
}
