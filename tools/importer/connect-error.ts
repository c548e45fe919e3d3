/**
 * Why the source database could not be opened, in words an operator acts on: the driver's
 * errors name codes (MySQL 1045, Postgres 28P01), not the fix. Never a stack, never the URL's
 * password (the caller prints the masked URL beside it).
 */
export function connectProblem(err: unknown): string {
  const e = (err ?? {}) as { message?: unknown; code?: unknown; errno?: unknown; sqlState?: unknown };
  const message = String(e.message ?? err)
    .split("\n")[0]!
    .slice(0, 300);
  const codes = [e.code, e.errno, e.sqlState].map((c) => String(c ?? ""));
  // MySQL/MariaDB: 1045 access denied (SQLSTATE 28000); Postgres: 28P01 bad password, 28000 no such role or not allowed.
  if (codes.some((c) => c === "1045" || c === "28000" || c === "28P01") || /password authentication failed|access denied/i.test(message))
    return `the server refused the user or password (${message}); check the user and password in --from`;
  if (codes.some((c) => c === "1049" || c === "3D000")) return `the database does not exist (${message}); check the database name in --from`;
  if (codes.some((c) => /CONNECTION_REFUSED|ECONNREFUSED|CONNECTION_CLOSED|TIMEOUT/.test(c)))
    return `nothing answered at that host and port (${message}); check host and port in --from, and that the old database server runs`;
  return `${message} (check host, port, user, password and database name)`;
}
