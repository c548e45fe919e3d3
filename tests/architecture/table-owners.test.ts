import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { importsOf, resolveRelative, ROOT, sourceFiles } from "./source-files.ts";
import { declarationsOf, ownershipProblems, type Source } from "./table-owners.ts";

/**
 * One owner per table (issue 12): a table is declared once, by the plugin (or the kernel)
 * that migrates it. Other plugins read its published views (declared with `.existing()`,
 * after a dependsOn on the owner) or its services, and reference its key from their foreign
 * keys through the owner's `schema/keys.contract.ts`.
 */
const pluginIds = readdirSync(resolve(ROOT, "plugins")).filter((d) => statSync(resolve(ROOT, "plugins", d)).isDirectory());
let dependsOn: Record<string, readonly string[]> = {};

beforeAll(async () => {
  const entries = await Promise.all(
    pluginIds
      .filter((id) => existsSync(resolve(ROOT, "plugins", id, "plugin.ts")))
      .map(async (id) => {
        const { manifest } = (await import(resolve(ROOT, "plugins", id, "plugin.ts"))) as { manifest: { dependsOn?: readonly string[] } };
        return [id, manifest.dependsOn ?? []] as const;
      }),
  );
  dependsOn = Object.fromEntries(entries);
});

const check = (sources: Source[], deps: Record<string, readonly string[]> = {}) => ownershipProblems(declarationsOf(sources), deps);
const contactsOwner: Source = {
  file: "plugins/contacts/schema/tables.ts",
  text: `export const contacts = sqliteTable("contacts", { id: id() });\nexport const contactsView = sqliteView("contacts_view").as((qb) => qb.select({ id: contacts.id }).from(contacts));\n`,
};

describe("the check itself", () => {
  it("passes an owner's view read with .existing() by a plugin depending on it; comments do not count", () => {
    const reader: Source = {
      file: "plugins/tickets/schema/views.ts",
      text: `/** Declared with sqliteView(…).existing(): no sqliteTable("contacts") here. */\nexport const contactsView = sqliteView("contacts_view", {\n  id: integer("id").notNull(),\n}).existing();\n`,
    };
    expect(check([contactsOwner, reader], { tickets: ["contacts"] })).toEqual([]);
  });

  it("fails a shadow of another plugin's table (the old schema/refs.ts), exported or not", () => {
    const stub: Source = { file: "plugins/tickets/schema/refs.ts", text: `const contactsRef = sqliteTable(\n  "contacts",\n  { id: integer("id") },\n);\n` };
    expect(check([contactsOwner, stub])).toEqual([
      expect.stringMatching(/^table "contacts" is declared 2 times \(plugins\/contacts\/schema\/tables\.ts:1, plugins\/tickets\/schema\/refs\.ts:1\)/),
    ]);
  });

  it("fails a reader creating another's view, a view nobody creates, a reader without dependsOn and a view outside the migrated schema", () => {
    const creates: Source = { file: "plugins/tickets/schema/views.ts", text: `export const v = sqliteView("contacts_view").as((qb) => qb.select().from(x));\n` };
    expect(check([contactsOwner, creates], { tickets: ["contacts"] })).toEqual([
      expect.stringContaining(`view "contacts_view" is created by plugins/contacts/schema/tables.ts:2, plugins/tickets/schema/views.ts:1`),
      expect.stringContaining('plugins/tickets/schema/views.ts:1: view "contacts_view" is created outside plugins/tickets/schema/tables.ts\'s exports'),
    ]);
    const orphan: Source = { file: "plugins/tickets/schema/views.ts", text: `export const v = sqliteView("queues_view", { id: integer("id") }).existing();\n` };
    expect(check([orphan])).toEqual([expect.stringContaining(`view "queues_view" is read with .existing() but no plugin creates it`)]);
    const reader: Source = { file: "plugins/tickets/schema/views.ts", text: `export const v = sqliteView("contacts_view", { id: integer("id") }).existing();\n` };
    expect(check([contactsOwner, reader], { tickets: ["queues"] })).toEqual([
      expect.stringContaining(`tickets reads view "contacts_view" of contacts without dependsOn: ["contacts"]`),
    ]);
    const unexported: Source = { file: "plugins/contacts/schema/tables.ts", text: `const contactsView = sqliteView("contacts_view").as((qb) => qb.select().from(contacts));\n` };
    expect(check([unexported])).toEqual([expect.stringContaining("is created outside plugins/contacts/schema/tables.ts's exports")]);
  });

  it("fails a name that is not a string literal", () => {
    expect(check([{ file: "plugins/x/schema/tables.ts", text: "export const t = sqliteTable(name, {});\n" }])).toEqual([expect.stringContaining("needs a string literal name")]);
  });
});

describe("one owner per table", () => {
  it("no table is declared twice across the kernel and the plugins; every view has one owner that migrates it", () => {
    const files = [...sourceFiles("core"), ...sourceFiles("plugins")].filter((f) => !f.endsWith(".gen.ts"));
    const sources = files.map((file) => ({ file, text: readFileSync(resolve(ROOT, file), "utf8") }));
    const declarations = declarationsOf(sources);
    expect(declarations.filter((d) => d.kind === "view" && d.existing).length, "the ticket list reads published views").toBeGreaterThan(0);
    const problems = ownershipProblems(declarations, dependsOn);
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("another plugin's schema/keys.contract.ts is imported only by a schema/tables.ts whose plugin depends on the owner", () => {
    const offending: string[] = [];
    for (const file of sourceFiles("plugins")) {
      const own = file.split("/")[1]!;
      for (const { specifier, line } of importsOf(file)) {
        const target = resolveRelative(file, specifier);
        const m = target && /^plugins\/([^/]+)\/schema\/keys\.contract\.ts$/.exec(target);
        if (!m || m[1] === own) continue;
        if (file !== `plugins/${own}/schema/tables.ts`)
          offending.push(`${file}:${line} imports ${specifier}: foreign keys only (read the owner's view, write through its services)`);
        else if (!(dependsOn[own] ?? []).includes(m[1]!)) offending.push(`${file}:${line} references ${m[1]}'s key without dependsOn: ["${m[1]}"]`);
      }
    }
    expect(offending).toEqual([]);
  });
});
