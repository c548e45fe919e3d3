import type { Router } from "hono/router";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";

/** A path without one trailing slash (`/users/` -> `/users`); `/` stays `/`. */
export const withoutTrailingSlash = (path: string): string => (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path);

/**
 * Hono's default router, with every route registered under its path without a trailing
 * slash. Together with the app's `strict: false` (Hono then drops one trailing slash from
 * each request path before matching), `/users` and `/users/` reach the same handler
 * whichever way the route was written: clients of the original product use both spellings
 * (`GET /users/`, `GET /tags`...). Hono's `trimTrailingSlash` middleware would answer with
 * redirects, which clients do not follow for a PUT or a POST; `strict: false` alone would
 * stop matching routes registered with the slash.
 * @example
 *   const app = new OpenAPIHono({ strict: false, router: slashInsensitiveRouter() });
 */
export function slashInsensitiveRouter<T>(): Router<T> {
  const inner = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] });
  return {
    name: "SlashInsensitiveRouter",
    add: (method, path, handler) => inner.add(method, withoutTrailingSlash(path), handler),
    match: (method, path) => inner.match(method, path),
  };
}
