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

/** The text of an error and of the causes it wraps (drizzle wraps the driver's: "Failed query: …"). */
function chain(err: unknown): string {
  const parts: string[] = [];
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | null, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    parts.push(`${typeof e.code === "string" ? e.code : ""} ${typeof e.message === "string" ? e.message : String(e)}`);
  }
  return parts.join(" | ");
}

/**
 * The libSQL server ended the transaction before it committed, so it wrote nothing: sqld gives a
 * write transaction's lock to a waiting connection once the transaction is 5 s old and rolls it
 * back (TRANSACTION_TIMEOUT), or the transaction's stream expired between two requests
 * (STREAM_EXPIRED). Running the work again from the start, in a new transaction, is safe.
 */
export function isServerEndedTransaction(err: unknown): boolean {
  return /TRANSACTION_TIMEOUT|STREAM_EXPIRED/.test(chain(err));
}

/**
 * The HTTP stream of a transaction was lost before its COMMIT was sent (the client's stream was
 * closed after an error, or the connection to the server dropped): nothing of it committed. Not
 * for the COMMIT itself, where a dropped answer leaves unknown whether it committed.
 */
export function isDroppedStream(err: unknown): boolean {
  return /HRANA_CLOSED_ERROR|ECONNRESET|ECONNREFUSED|socket connection was closed|fetch failed|other side closed/i.test(chain(err));
}

/**
 * A write the database could not take now and did not store (a transaction the server kept
 * ending, after running it again): answered 503 `ERR_DATABASE_BUSY` with `Retry-After`, so
 * the client sends it again, instead of a 500.
 */
export class DatabaseBusyError extends Error {
  /** Seconds after which a retry is likely to get through. */
  readonly retryAfterSeconds = 1;
  constructor(cause: unknown) {
    super("the database server ended the write transaction; nothing was stored", { cause });
  }
}

/** Whether a request failed because the database was busy and stored nothing (see DatabaseBusyError). */
export function isDatabaseBusy(err: unknown): boolean {
  return err instanceof DatabaseBusyError || isServerEndedTransaction(err);
}
