import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles } from "./source-files.ts";
import { handWrittenTypes } from "./web-types.ts";

/**
 * Object types an API module may declare, each with why no server schema gives it. Keep it
 * short: a shape the server answers or takes belongs in the plugin's `shared/*-types.ts`.
 */
const ALLOWED: Record<string, string> = {
  "plugins/connections/web/connections-api.ts NamedOption": "what namedList() rebuilds from other plugins' lists (queues, companies)",
  "plugins/flows/web/flows-api.ts PickOption": "what picks() rebuilds from other plugins' lists (integrations, prompts, queues) that flows may run without",
};

/** The modules that type requests and answers: plugins' `web/**\/*-api.ts` and the shell's `web/src/api/*.ts`. */
const apiModules = () =>
  [...sourceFiles("plugins").filter((f) => /^plugins\/[^/]+\/web\/(?:.+\/)?[^/]+-api\.ts$/.test(f)), ...sourceFiles("web/src/api")].filter((f) => !/\.test\.tsx?$/.test(f));

describe("web types are written once (issue 12, item 6)", () => {
  it("no web API module restates a server shape by hand: types come from shared/*-types.ts (z.infer / z.input)", () => {
    const modules = apiModules();
    expect(modules.length).toBeGreaterThan(10);
    const offending: string[] = [];
    for (const file of modules)
      for (const { name, line } of handWrittenTypes(readFileSync(resolve(ROOT, file), "utf8"))) if (!ALLOWED[`${file} ${name}`]) offending.push(`${file}:${line} ${name}`);
    expect(offending, "infer it from the server's zod schema in the plugin's shared/<entity>-types.ts, or Pick it from the owner's web/public.ts").toEqual([]);
  });

  it("every allow-listed exception still exists (a stale entry would hide nothing)", () => {
    const declared = new Set(apiModules().flatMap((file) => handWrittenTypes(readFileSync(resolve(ROOT, file), "utf8")).map(({ name }) => `${file} ${name}`)));
    expect(Object.keys(ALLOWED).filter((key) => !declared.has(key))).toEqual([]);
  });
});

describe("handWrittenTypes", () => {
  it("finds interfaces, object literals and loose records", () => {
    const source = [
      "/** A company as the server answers it ({ id, name }). */",
      "export interface Company {",
      "  id: number;",
      "}",
      "export type Page = { companies: Company[]; hasMore: boolean };",
      "type Detail = Company & { schedules: string[] };",
      "export type Payload = Record<string, unknown>;",
      "export type Multi =",
      '  | { action: "create"; id: number }',
      '  | { action: "delete" };',
    ].join("\n");
    expect(handWrittenTypes(source)).toEqual([
      { name: "Company", line: 2 },
      { name: "Page", line: 5 },
      { name: "Detail", line: 6 },
      { name: "Payload", line: 7 },
      { name: "Multi", line: 8 },
    ]);
  });

  it("lets derived types, literal unions and re-exports through", () => {
    const source = [
      'import type { Plan } from "../../plans/web/public.ts";',
      'export type { Company, CompanyPayload } from "../shared/company-types.ts";',
      "/** A plan of the select ({ id, name }). */",
      'export type PlanOption = Pick<Plan, "id" | "name">;',
      'export type Row = Omit<Plan, "createdAt"> & Partial<Pick<Plan, "amount">>;',
      'export type Kind = "lista" | "copy";',
      "export type Lookup = Record<number, string>;",
      "export type Handler = (payload: Plan) => void;",
      "const shape = { type: 1 };",
    ].join("\n");
    expect(handWrittenTypes(source)).toEqual([]);
  });
});
