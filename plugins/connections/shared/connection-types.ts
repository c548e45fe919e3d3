/**
 * The connections API's request and response types, inferred from the server's zod schemas so
 * the web client never restates a server shape. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type { ConnectionSessionEvent as SessionEvent } from "../server/connections.contract.ts";
import type { Connection as ConnectionSchema, ConnectionInput, ConnectionPatch } from "../server/connections.schemas.ts";
import type { ConnectionView } from "../server/connections.service.ts";

/** The named keys of a type, without the `[key: string]: unknown` a passthrough schema adds. */
type KnownKeys<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/**
 * A connection as the API answers it (GET /whatsapp, writes, `company-{id}-whatsapp`). The
 * route's schema names the fields every client relies on and lets the rest of the row pass
 * through; those are typed by the service's view, which is what the handlers answer.
 * `token` only for holders of connections-page:addConnection.
 */
export type Connection = Omit<ConnectionView, "token"> & KnownKeys<z.infer<typeof ConnectionSchema>>;
/** What POST /whatsapp takes. */
export type ConnectionPayload = z.input<typeof ConnectionInput>;
/** What PUT /whatsapp/{id} takes: only what changes. */
export type ConnectionChanges = z.input<typeof ConnectionPatch>;
/** `company-{id}-whatsappSession`: a session's progress (the pairing code while pairing by number). */
export type ConnectionSessionEvent = SessionEvent;
/** A connection as the screens keep it: the answer, plus the code a session event brings while pairing by number. */
export type LiveConnection = Connection & Pick<ConnectionSessionEvent, "pairingCode">;
