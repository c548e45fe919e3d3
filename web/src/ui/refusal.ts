/** A refused call's body, as the API sends it: `{ error: "ERR_…", fields? }`. */
export interface Refusal {
  error: string;
  /** With ERR_VALIDATION: the message of each invalid field, keyed by its path ("name", "schedules.0.endTimeA"). */
  fields?: Record<string, string>;
}

/** The refusal behind an RTK Query error (`{ status, data }`), or null for any other failure. */
export function refusalOf(err: unknown): Refusal | null {
  const data = err && typeof err === "object" && "data" in err ? err.data : null;
  if (!data || typeof data !== "object" || !("error" in data) || typeof data.error !== "string") return null;
  const fields = "fields" in data && data.fields && typeof data.fields === "object" ? (data.fields as Record<string, string>) : undefined;
  return { error: data.error, fields };
}

/**
 * The field messages of an ERR_VALIDATION refusal, or null.
 * @example validationFields(err)?.name // "Too Short!"
 */
export function validationFields(err: unknown): Record<string, string> | null {
  const refusal = refusalOf(err);
  return refusal?.error === "ERR_VALIDATION" && refusal.fields ? refusal.fields : null;
}
