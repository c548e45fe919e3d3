/**
 * One owner per table (issue 12): who declares which table and view, read from the source
 * text so that a declaration nobody exports (a "ref" stub kept out of the migrations) counts
 * too. Pure functions over { file, text }, so the rule test can also feed them made-up sources.
 */

export interface Source {
  /** Repository-relative path, forward slashes. */
  file: string;
  text: string;
}

export interface Declaration {
  kind: "table" | "view";
  /** The SQL name; null when it is not a string literal (nothing can check it then). */
  name: string | null;
  file: string;
  line: number;
  /** "core" or the plugin id whose folder holds the file. */
  owner: string;
  /** A view declared with `.existing()`: read here, created and migrated by its owner. */
  existing: boolean;
  /** Declared as `export const x = …`, so drizzle-kit sees it. */
  exported: boolean;
}

/** Comments out of the way (a JSDoc may well mention `sqliteView(…)`), offsets kept. */
function blankComments(text: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, " ");
  return text.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/(^|[^:"'`\\])(\/\/[^\n]*)/g, (_, before: string, comment: string) => before + blank(comment));
}

/** The index just past the parenthesis closing the one at `open`. */
function pastClosing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i + 1;
  }
  return text.length;
}

const ownerOf = (file: string) => (file.startsWith("plugins/") ? file.split("/")[1]! : "core");

/** Every `sqliteTable(…)` and `sqliteView(…)` call of the sources. */
export function declarationsOf(sources: Source[]): Declaration[] {
  const out: Declaration[] = [];
  for (const { file, text: raw } of sources) {
    const text = blankComments(raw);
    for (const m of text.matchAll(/\bsqlite(Table|View)\s*\(/g)) {
      const start = m.index ?? 0;
      const open = start + m[0].length - 1;
      const literal = /^\(\s*(["'`])([^"'`$]+)\1/.exec(text.slice(open));
      const after = text.slice(pastClosing(text, open));
      out.push({
        kind: m[1] === "Table" ? "table" : "view",
        name: literal ? literal[2]! : null,
        file,
        line: text.slice(0, start).split("\n").length,
        owner: ownerOf(file),
        existing: /^\s*\.existing\s*\(\s*\)/.test(after),
        exported: /export\s+const\s+\w+\s*=\s*$/.test(text.slice(Math.max(0, start - 200), start)),
      });
    }
  }
  return out;
}

/** Where a plugin's (or the kernel's) migrated schema lives: the migration generator reads only that file. */
const migratedSchema = (owner: string) => (owner === "core" ? "core/db/tables.ts" : `plugins/${owner}/schema/tables.ts`);
const at = (d: Declaration) => `${d.file}:${d.line}`;

function byName<D extends Declaration & { name: string }>(list: D[]): Map<string, D[]> {
  const out = new Map<string, D[]>();
  for (const d of list) out.set(d.name, [...(out.get(d.name) ?? []), d]);
  return out;
}

/**
 * The ownership problems of the declarations: a table declared twice (the second is a shadow
 * of another's table), a view created by two plugins, a created view outside its owner's
 * migrated schema, a view read with `.existing()` that nobody creates, or read by a plugin
 * that does not depend on its owner (its migration might not have run yet).
 */
export function ownershipProblems(declarations: Declaration[], dependsOn: Record<string, readonly string[]>): string[] {
  const problems: string[] = [];
  for (const d of declarations.filter((x) => x.name === null))
    problems.push(`${at(d)}: sqlite${d.kind === "table" ? "Table" : "View"} needs a string literal name (the ownership rule reads it)`);
  const named = declarations.filter((d): d is Declaration & { name: string } => d.name !== null);

  const tables = byName(named.filter((d) => d.kind === "table"));
  for (const [name, list] of tables)
    if (list.length > 1)
      problems.push(
        `table "${name}" is declared ${list.length} times (${list.map(at).join(", ")}): one owner declares it; others read its published view and write through its services`,
      );

  const views = byName(named.filter((d) => d.kind === "view"));
  for (const [name, list] of views) {
    const created = list.filter((d) => !d.existing);
    if (created.length > 1) problems.push(`view "${name}" is created by ${created.map(at).join(", ")}: only its owner creates it; readers declare it with .existing()`);
    const owner = created[0];
    if (tables.has(name)) problems.push(`view "${name}" has the name of a table (${tables.get(name)!.map(at).join(", ")})`);
    for (const d of created)
      if (d.file !== migratedSchema(d.owner) || !d.exported)
        problems.push(
          `${at(d)}: view "${name}" is created outside ${migratedSchema(d.owner)}'s exports, so no migration creates it (or it is another's view: declare it with .existing())`,
        );
    for (const d of list.filter((x) => x.existing)) {
      if (!owner) problems.push(`${at(d)}: view "${name}" is read with .existing() but no plugin creates it`);
      else if (owner.owner !== d.owner && owner.owner !== "core" && !(dependsOn[d.owner] ?? []).includes(owner.owner))
        problems.push(`${at(d)}: ${d.owner} reads view "${name}" of ${owner.owner} without dependsOn: ["${owner.owner}"] (its migration may not have run)`);
    }
  }
  return problems;
}
