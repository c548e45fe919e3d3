import type { ReferenceKind } from "../shared/reference-kinds.ts";

/** The kinds and their field messages, for plugins that validate references themselves (connections). */
export { REFERENCE_KINDS, REFERENCE_MESSAGES, type ReferenceKind } from "../shared/reference-kinds.ts";

/** What the owner of a reference kind registers: whether an id is a record of the company. */
export interface ReferenceProvider {
  /** True only for a record of `companyId` (another company's id is false, like a missing one). */
  exists(companyId: number, id: number): Promise<boolean>;
}

declare module "../../../core/plugin/services.ts" {
  interface ServiceMap {
    /**
     * Registers the plugin that owns a reference kind (queue integrations, file lists, flows,
     * AI prompts), at setup. Queues, chatbot options and connections then accept ids of that
     * kind that exist in the company; without a provider any id of the kind is a field error.
     * A second provider for one kind, or an unknown kind, throws (the boot stops).
     * @example
     *   // manifest: dependsOn: ["queues"], requires: ["queues.registerReference"]
     *   const register = ctx.services.require(…"queues.registerReference");
     *   register("fileList", { exists: (companyId, id) => lists.exists(companyId, id) });
     */
    "queues.registerReference": (kind: ReferenceKind, provider: ReferenceProvider) => void;
    /** Whether `id` names a `kind` record of the company (false for a kind nobody registered). */
    "queues.referenceExists": (companyId: number, kind: ReferenceKind, id: number) => Promise<boolean>;
    /** The kinds installed plugins registered (also answered by GET /queues/reference-kinds for the web). */
    "queues.referenceKinds": () => ReferenceKind[];
  }
}
