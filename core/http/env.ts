import type { Kernel } from "../kernel.ts";
import type { UserRow } from "../db/rows.ts";

/** What a runtime entry hands to each request besides the Request itself. */
export interface RuntimeBindings {
  /** The peer's address, when the runtime knows it (used for login rate limiting). */
  remoteAddress?: string;
  /** Runtime-specific server object (Bun's `Server` for the realtime engine). */
  server?: unknown;
}

declare module "hono" {
  interface ContextVariableMap {
    /** The kernel services, set on every request by the root middleware. */
    kernel: Kernel;
    /** The authenticated user, loaded fresh on every guarded request. */
    user: UserRow;
    /** What a failure's log line names instead of the request's path (a route whose path carries a secret). */
    loggedPath: string;
  }
}

export type AppEnv = { Bindings: RuntimeBindings };
