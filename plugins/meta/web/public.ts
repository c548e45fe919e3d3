/** What other plugins' web code may use of the Meta plugin: the linking API's types (the connections screen links accounts). */
export type { CloudApiPayload, FacebookLinked, FacebookLinkPayload } from "../shared/linking-types.ts";
