/**
 * What other plugins' web code may use of the quick-messages plugin.
 * Anything else under plugins/quick-messages/web is internal (tests/architecture/rules.test.ts checks it).
 */
export type { QuickMessage } from "./quick-messages-api.ts";
