/** What other plugins' web code may use of the WhatsApp plugin: the session API's types (the connections screen drives sessions). */
export type { SessionStarted, StartSessionPayload } from "../shared/session-types.ts";
