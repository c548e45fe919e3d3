/**
 * Time spent per SQL statement in a server, for benches: preloaded into the server process
 * (`bun --preload tests/bench/sql-profile.ts plugins/main.ts`, which `benchServer` does when
 * BENCH_SQL_PROFILE names a file), it times every statement the embedded driver runs and
 * every `exec` (BEGIN, COMMIT …), keyed by SQL text, and writes the table to that file every
 * second. `printSqlProfile` shows it. Only for measuring: the timing itself costs a little.
 *
 * It wraps the driver's `prepare` before the kernel's statement cache does (a preload runs
 * first), so each statement is wrapped once, when it is first prepared, and the cache keeps
 * the wrapped one.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { isMainThread } from "node:worker_threads";
import libsql from "libsql";

interface Entry {
  runs: number;
  ms: number;
}
type Timed = Record<string, (...args: unknown[]) => unknown>;

const file = process.env.SQL_PROFILE_FILE;
const entries = new Map<string, Entry>();

function timed<T>(key: string, fn: () => T): T {
  const start = performance.now();
  try {
    return fn();
  } finally {
    const entry = entries.get(key) ?? { runs: 0, ms: 0 };
    entry.runs++;
    entry.ms += performance.now() - start;
    entries.set(key, entry);
  }
}

// The checkpoint worker's thread loads the driver too: only the server's own thread is measured.
if (file && isMainThread) {
  const proto = (libsql as unknown as { prototype: Timed }).prototype;
  const prepare = proto.prepare!;
  const exec = proto.exec!;
  proto.prepare = function (this: unknown, sql: unknown) {
    const statement = prepare.call(this, sql) as Timed;
    for (const method of ["all", "get", "run"]) {
      const original = statement[method]!.bind(statement);
      statement[method] = (...args: unknown[]) => timed(String(sql), () => original(...args));
    }
    return statement;
  };
  proto.exec = function (this: unknown, sql: unknown) {
    return timed(`EXEC ${String(sql)}`, () => exec.call(this, sql));
  };
  setInterval(() => writeFileSync(file, JSON.stringify([...entries])), 1000).unref();
}

/** Prints the statements that took the most time in total, from a profile file. */
export function printSqlProfile(path: string, top = 20): void {
  let rows: [string, Entry][];
  try {
    rows = JSON.parse(readFileSync(path, "utf8")) as [string, Entry][];
  } catch {
    console.log(`no SQL profile in ${path}`);
    return;
  }
  const total = rows.reduce((sum, [, e]) => sum + e.ms, 0);
  console.log(`\nSQL time in the server: ${Math.round(total)} ms over ${rows.length} statements; the top ${top}:`);
  for (const [sql, e] of rows.sort((a, b) => b[1].ms - a[1].ms).slice(0, top)) {
    const text = sql.replace(/\s+/g, " ").slice(0, 140);
    console.log(`${Math.round(e.ms).toString().padStart(7)} ms ${e.runs.toString().padStart(8)} runs ${((e.ms * 1000) / e.runs).toFixed(1).padStart(8)} µs  ${text}`);
  }
}
