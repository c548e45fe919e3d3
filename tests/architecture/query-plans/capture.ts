import type { Client, InStatement, InValue } from "@libsql/client";

export interface CapturedStatement {
  sql: string;
  args: InValue[] | Record<string, InValue>;
}

/**
 * Records every read the kernel's database client runs (Drizzle sends each query through
 * `client.execute`, prepared ones too), with its arguments, until `stop()`. Test-only: it
 * wraps the client object's method, so nothing in the product knows about it.
 */
export function captureReads(client: Client): { statements: CapturedStatement[]; stop(): void } {
  const statements: CapturedStatement[] = [];
  // The kernel's client is a Proxy over the driver's client (write-lock.ts) without a `set`
  // trap: assigning lands on the driver's object, whose own method is on its prototype.
  const original = Object.getPrototypeOf(client).execute as Client["execute"];
  const target = client as { execute: unknown };
  target.execute = function (this: Client, stmt: InStatement, args?: InValue[]) {
    const sql = typeof stmt === "string" ? stmt : stmt.sql;
    if (/^\s*(select|with)\b/i.test(sql)) statements.push({ sql, args: (typeof stmt === "string" ? args : stmt.args) ?? [] });
    return (original as (s: InStatement, a?: InValue[]) => ReturnType<Client["execute"]>).call(this, stmt, args);
  };
  return {
    statements,
    stop: () => {
      delete target.execute;
    },
  };
}
