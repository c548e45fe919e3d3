/**
 * Things a queue, a chatbot option or a connection may name that other plugins own: queue
 * integrations, file lists, flows and AI prompts. Their plugins register each kind with
 * `queues.registerReference` (server/reference-registry.ts); an id of a kind nobody registered,
 * or that does not exist in the company, is a field error. Plain values: the server and the
 * web read them.
 */
export const REFERENCE_KINDS = ["integration", "fileList", "flow", "prompt"] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** The field message of an id that names nothing of its kind in the company (like 'Invalid queue'). */
export const REFERENCE_MESSAGES = {
  integration: "Invalid integration",
  fileList: "Invalid file list",
  flow: "Invalid flow",
  prompt: "Invalid prompt",
} as const satisfies Record<ReferenceKind, string>;

/** The reference kind a chatbot option type names (`optIntegrationId`, `optFileId`). */
export const OPTION_REFERENCE_KIND = { integration: "integration", file: "fileList" } as const satisfies Record<string, ReferenceKind>;
