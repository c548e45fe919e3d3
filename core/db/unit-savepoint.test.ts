import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { type RunningSqld, startSqld } from "../../tests/support/sqld.ts";
import { tempDatabases } from "./testing/temp-database.ts";
import { inUnitSavepoint } from "./unit-savepoint.ts";

const notes = sqliteTable("savepoint_notes", { id: integer("id").primaryKey(), body: text("body").notNull() });

describe.each([["embedded file"], ["libSQL server"]])("a savepoint inside a write unit on an %s", (mode) => {
  let server: RunningSqld | null = null;
  beforeAll(async () => {
    if (mode === "libSQL server") server = await startSqld();
  }, 30_000);
  afterAll(() => server?.stop());
  const databases = tempDatabases("atende-savepoint-", mode === "libSQL server" ? () => server!.url : undefined);
  afterEach(() => databases.close());

  it("undoes only the failing part; a read inside a part (a remote pass pausing) undoes nothing", async () => {
    const { writes, client } = await databases.open("CREATE TABLE savepoint_notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);");
    const result = await writes.run(({ db }) => {
      const kept: string[] = [];
      for (const body of ["a", "b", "a", "c"]) {
        try {
          inUnitSavepoint(db, "note_row", () => {
            db.insert(notes).values({ body }).run();
            // Reads the row back: on a server this pass stops here and the unit runs again.
            const row = db
              .select()
              .from(notes)
              .all()
              .find((n) => n.body === body);
            if (kept.includes(body)) throw new Error(`duplicate ${body}`);
            kept.push(row!.body);
          });
        } catch (err) {
          if (!(err instanceof Error) || !err.message.startsWith("duplicate")) throw err;
        }
      }
      return kept;
    });
    expect(result).toEqual(["a", "b", "c"]);
    expect((await client.execute("SELECT body FROM savepoint_notes ORDER BY id")).rows.map((r) => r.body)).toEqual(["a", "b", "c"]);
  });

  it("refuses a name that is not a plain SQL name", async () => {
    const { writes } = await databases.open("CREATE TABLE savepoint_notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);");
    await expect(writes.run(({ db }) => inUnitSavepoint(db, "x; DROP TABLE savepoint_notes", () => 1))).rejects.toThrow(/plain SQL name/);
  });
});
