import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OPENAPI_FILE } from "../../openapi/document.ts";

type Operation = { responses?: Record<string, unknown> };
const doc = JSON.parse(readFileSync(OPENAPI_FILE, "utf8")) as { paths: Record<string, Record<string, Operation>> };
const methods = new Set(["get", "post", "put", "patch", "delete", "head", "options"]);

/** Paths the spec names that exist today; grows as plugins land. */
const specPaths = ["/auth/login", "/auth/refresh_token", "/auth/logout", "/auth/me", "/version", "/helps", "/helps/list", "/helps/{id}"];

describe("the API description", () => {
  it("documents at least one response for every operation", () => {
    const bare: string[] = [];
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item))
        if (methods.has(method) && Object.keys(op.responses ?? {}).length === 0) bare.push(`${method.toUpperCase()} ${path}`);
    expect(bare, "operations without a documented response").toEqual([]);
  });

  it("has the paths the spec names", () => {
    const missing = specPaths.filter((p) => !(p in doc.paths));
    expect(missing, "paths named by the spec but missing from openapi/openapi.json").toEqual([]);
  });

  it("describes every response it documents", () => {
    const undescribed: string[] = [];
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item))
        for (const [status, res] of Object.entries(op.responses ?? {}))
          if (!(res as { description?: string }).description) undescribed.push(`${method.toUpperCase()} ${path} ${status}`);
    expect(undescribed).toEqual([]);
  });
});
