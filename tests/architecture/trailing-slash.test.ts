import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_FILE } from "../../openapi/document.ts";
import { createTestKernel, type TestKernel } from "../support/test-kernel.ts";

/**
 * Clients of the original product spell paths both ways (`GET /users/`, `GET /tags`):
 * every documented route must answer with and without a trailing slash. Ids that exist
 * nowhere keep the walk harmless (handlers answer their own "not found"); only the
 * router's own 404 (`noRoute: true`) means the spelling was not routed.
 */
type Operation = { parameters?: { name: string; in: string; schema?: { type?: string } }[] };
const doc = JSON.parse(readFileSync(OPENAPI_FILE, "utf8")) as { paths: Record<string, Record<string, Operation>> };
const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

let t: TestKernel;
let token: string;
beforeAll(async () => {
  t = await createTestKernel();
  token = (await t.login()).token;
});
afterAll(() => t.close());

/** The path with unknown ids (or a harmless string) in its parameters, without a trailing slash. */
function concrete(path: string, op: Operation): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = op.parameters?.find((p) => p.in === "path" && p.name === name);
    return param?.schema?.type === "integer" ? "999999" : "no-such-thing";
  });
  return filled.length > 1 ? filled.replace(/\/$/, "") : filled;
}

describe("trailing slashes", () => {
  it("every documented route answers with and without a trailing slash", async () => {
    const unrouted: string[] = [];
    // Deletions last: logging out must not end the session the rest of the walk uses.
    const operations = Object.entries(doc.paths)
      .flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([m]) => METHODS.has(m))
          .map(([method, op]) => ({ method, path, op })),
      )
      .sort((a, b) => Number(a.method === "delete") - Number(b.method === "delete"));
    for (const { method, path, op } of operations) {
      const bare = concrete(path, op);
      for (const url of [bare, `${bare}/`]) {
        const res = await t.call(method.toUpperCase(), url, { token, body: method === "get" || method === "delete" ? undefined : {} });
        if (res.status === 404 && res.body?.noRoute) unrouted.push(`${method.toUpperCase()} ${url} (documented as ${path})`);
      }
    }
    expect(unrouted).toEqual([]);
  }, 120_000);

  it("the spellings the issue names answer the same list both ways", async () => {
    for (const path of ["/users", "/contacts", "/tags", "/queue"]) {
      const [bare, slashed] = [await t.call("GET", path, { token }), await t.call("GET", `${path}/`, { token })];
      expect(bare.status, path).toBe(200);
      expect(slashed.status, `${path}/`).toBe(200);
      expect(slashed.body).toEqual(bare.body);
    }
  });

  it("a path no route answers is a 404 the router marks, unlike a handler's missing record", async () => {
    const unknown = await t.call("GET", "/no/such/route/", { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "ERR_NOT_FOUND", noRoute: true });
    const missing = await t.call("GET", "/tags/999999/", { token });
    expect(missing.status).toBe(404);
    expect(missing.body.noRoute).toBeUndefined();
  });

  it("the API description keeps each path's own spelling", () => {
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/users/", "/contacts", "/tags", "/queue", "/announcements/"]));
  });
});
