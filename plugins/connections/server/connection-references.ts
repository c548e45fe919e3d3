import { REFERENCE_MESSAGES, type ReferenceKind } from "../../queues/server/references.contract.ts";
import type { ConnectionRow } from "./connections.contract.ts";

/** `queues.referenceExists`: whether an id names a record of that kind in the company. */
export type ReferenceExists = (companyId: number, kind: ReferenceKind, id: number) => Promise<boolean>;

/**
 * The fields of a connection that name another plugin's record, and the reference kind each
 * names (spec 001 §3 'Connection', Integrations). The plugins owning those kinds read them
 * through `connections.get` and contribute their selectors to the dialog's
 * `connections.dialog.handlers` zone.
 */
export const CONNECTION_REFERENCES = {
  integrationId: "integration",
  promptId: "prompt",
  flowIdWelcome: "flow",
  flowIdNotPhrase: "flow",
} as const satisfies Partial<Record<keyof ConnectionRow, ReferenceKind>>;

/**
 * Field -> message for each named id (null/undefined: none) that is no record of its kind in
 * the company, or of a kind nobody registered. With `stored` (an update), an id equal to the
 * stored one is not asked again.
 */
export async function referenceErrors(
  exists: ReferenceExists,
  companyId: number,
  fields: Partial<Record<keyof typeof CONNECTION_REFERENCES, number | null>>,
  stored?: Pick<ConnectionRow, keyof typeof CONNECTION_REFERENCES>,
): Promise<Record<string, string>> {
  const entries = Object.entries(CONNECTION_REFERENCES) as [keyof typeof CONNECTION_REFERENCES, ReferenceKind][];
  const asked = await Promise.all(
    entries.map(async ([field, kind]) => {
      const id = fields[field];
      if (typeof id !== "number" || stored?.[field] === id) return null;
      return (await exists(companyId, kind, id)) ? null : ([field, REFERENCE_MESSAGES[kind]] as const);
    }),
  );
  return Object.fromEntries(asked.filter((e) => e !== null));
}
