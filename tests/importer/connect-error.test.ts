import { describe, expect, it } from "vitest";
import { connectProblem } from "../../tools/importer/connect-error.ts";

/**
 * The words for a source that cannot be opened. MySQL's refusal is tested for real against
 * MariaDB (importer-mysql.test.ts); PGlite accepts any password, so Postgres' codes are checked
 * here on the error shape Bun's Postgres client gives (`errno` holds the SQLSTATE).
 */
describe("connectProblem", () => {
  it("names the fix for a refused password, a missing database and a closed port, on both dialects", () => {
    const pg = (errno: string, message: string) => Object.assign(new Error(message), { code: "ERR_POSTGRES_SERVER_ERROR", errno });
    expect(connectProblem(pg("28P01", 'password authentication failed for user "wt"'))).toMatch(/^the server refused the user or password \(password authentication/);
    expect(connectProblem(pg("3D000", 'database "nope" does not exist'))).toMatch(/^the database does not exist/);
    expect(connectProblem(Object.assign(new Error("Failed to connect"), { code: "ERR_POSTGRES_CONNECTION_REFUSED" }))).toMatch(/^nothing answered at that host and port/);
    expect(connectProblem(Object.assign(new Error("Unknown database 'x'"), { code: "ERR_MYSQL_SERVER_ERROR", errno: 1049 }))).toMatch(/^the database does not exist/);
    expect(connectProblem(new Error("something else\n    at frame (x.ts:1:1)"))).toBe("something else (check host, port, user, password and database name)");
  });
});
