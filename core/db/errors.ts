/**
 * Reading libSQL constraint failures. They arrive as errors whose text names the index,
 * so services can turn a lost race on a unique index into the right ERR_* code.
 */
/** Reads libSQL's constraint failures, which arrive as errors whose text names the index. */
function describe(err: unknown): string {
  const e = err as { code?: string; message?: string; cause?: { message?: string; code?: string } };
  return `${e?.code ?? ""} ${e?.message ?? ""} ${e?.cause?.code ?? ""} ${e?.cause?.message ?? ""}`;
}

/** The UNIQUE index that refused a write (e.g. "users_email_unique"), or null. */
export function uniqueViolation(err: unknown): string | null {
  const text = describe(err);
  if (!/UNIQUE constraint failed/i.test(text)) return null;
  return /index '([^']+)'/.exec(text)?.[1] ?? /UNIQUE constraint failed: ([\w.]+)/.exec(text)?.[1] ?? "unknown";
}

export function isForeignKeyViolation(err: unknown): boolean {
  return /FOREIGN KEY constraint failed/i.test(describe(err));
}
