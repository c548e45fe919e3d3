import type { DbOrTx } from "../../../core/db/database.ts";
import type { whatsapps } from "../schema/tables.ts";
import type { ConnectionInput } from "./connections.schemas.ts";

export type ConnectionRow = typeof whatsapps.$inferSelect;

/** How `channel` is answered to clients (api -> whatsapp, the driver as `channelKind`): one rule for every plugin that answers it. */
export { SPEC_CHANNELS, specChannel, type SpecChannel } from "../shared/connection-rules.ts";

/** What the channel layer may change about a connection's session. */
export interface ConnectionStatusPatch {
  status?: ConnectionRow["status"];
  qrcode?: string;
  number?: string;
  retries?: number;
  /** Progress of a history import (the web shows 'preparing' / the close-imported button from it). */
  statusImportMessages?: string | null;
}

/**
 * `company-{id}-whatsappSession`, sent by the channel holding the session: its progress, the
 * connection without its token, and the code to type while pairing by phone number.
 */
export type ConnectionSessionEvent = { action: "update"; session: Omit<ConnectionRow, "token">; pairingCode?: string };

/**
 * Who else may answer on a connection (spec 001 §3 'Connection', Integrations): its queue
 * integration, AI prompt, welcome flow and "no phrase matched" flow, each null or an id checked
 * to exist in the company (reference kinds `integration`, `prompt`, `flow`, registered with
 * `queues.registerReference`) when written. Every `ConnectionRow` carries them, so the plugins
 * that act on them read them with `connections.get`.
 */
export type ConnectionHandlers = Pick<ConnectionRow, "integrationId" | "promptId" | "flowIdWelcome" | "flowIdNotPhrase">;

/** A connection with its queues, as the routes answer it. */
export type ConnectionWithQueues = ConnectionRow & { queueIds: number[] };

declare module "../../../core/plugin/services.ts" {
  interface ServiceMap {
    /**
     * One connection of the company, or null (another company's id gives null too). With its
     * handler fields (`ConnectionHandlers`: integrationId, promptId, flowIdWelcome,
     * flowIdNotPhrase) for the plugins that act on them.
     */
    "connections.get": (companyId: number, id: number) => Promise<ConnectionRow | null>;
    /** The ids of the queues a connection of the company serves (none for another company's id). */
    "connections.queueIds": (companyId: number, id: number) => Promise<number[]>;
    /** The connection a token belongs to, or null: the API channel's bearer credential. */
    "connections.byToken": (token: string) => Promise<ConnectionRow | null>;
    /** The company's default connection, or null (callers answer ERR_NO_DEF_WAPP_FOUND). */
    "connections.default": (companyId: number) => Promise<ConnectionRow | null>;
    /**
     * Records session progress and emits `company-{id}-whatsapp` update. An id that is
     * not the company's throws ERR_NO_WAPP_FOUND.
     */
    "connections.setStatus": (companyId: number, id: number, patch: ConnectionStatusPatch) => Promise<void>;
    /**
     * Creates a connection exactly as `POST /whatsapp` does (plan flag and limit, default
     * rules, form rules, a new token) and announces it: for channel plugins that link
     * accounts themselves (`POST /facebook`).
     */
    "connections.create": (companyId: number, input: ConnectionInput) => Promise<ConnectionWithQueues>;
    /**
     * How many more connections the company's plan allows, null for no limit: a plugin that
     * creates several at once checks first, so it creates all or none.
     */
    "connections.room": (companyId: number) => Promise<number | null>;
    /** Every company's connections of one channel: a session layer resumes them at boot. */
    "connections.ofChannel": (channel: ConnectionRow["channel"]) => Promise<ConnectionRow[]>;
    /**
     * Sets (null clears) a user's default connection, in the caller's transaction when given.
     * A connection that is not the user's company's throws ERR_NO_WAPP_FOUND with
     * `fields.whatsappId`; a user not of the company ERR_NO_USER_FOUND.
     */
    "connections.setUserDefault": (companyId: number, userId: number, whatsappId: number | null, tx?: DbOrTx) => Promise<void>;
  }
}

/** Every answer of a user carries the default connection this plugin stores (null for none). */
declare module "../../../core/auth/user-answers.ts" {
  interface UserAnswerFields {
    whatsappId: number | null;
  }
}
