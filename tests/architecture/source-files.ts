import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, "../..");

const SKIP_DIRS = new Set(["node_modules", "dist", "data", ".git", ".tmp", "screenshots"]);

/** Every .ts/.tsx file under `dir` (repository-relative, forward slashes), skipping builds and dependencies. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    let entries: string[];
    try {
      entries = readdirSync(abs);
    } catch {
      return;
    }
    for (const name of entries) {
      const full = join(abs, name);
      if (statSync(full).isDirectory()) {
        if (!SKIP_DIRS.has(name)) walk(full);
      } else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(relative(ROOT, full).split("\\").join("/"));
    }
  };
  walk(resolve(ROOT, dir));
  return out.sort();
}

export interface ImportRef {
  specifier: string;
  line: number;
}

const patterns = [
  // import x from "y" / import { a, b } from "y" / export { a } from "y" / export * from "y" (may span lines)
  /^[ \t]*(?:import|export)\b[^'"`;]*?\bfrom\s*(['"])([^'"]+)\1/gm,
  // import "y" (side effect)
  /^[ \t]*import\s*(['"])([^'"]+)\1/gm,
  // await import("y")
  /\bimport\s*\(\s*(['"])([^'"]+)\1\s*\)/g,
];

/** The module specifiers a file imports or re-exports, with their line numbers. */
export function importsOf(file: string): ImportRef[] {
  const text = readFileSync(resolve(ROOT, file), "utf8");
  const found = new Map<number, ImportRef>();
  for (const re of patterns)
    for (const m of text.matchAll(re)) {
      const at = (m.index ?? 0) + m[0].lastIndexOf(m[2]!);
      if (!found.has(at)) found.set(at, { specifier: m[2]!, line: text.slice(0, at).split("\n").length });
    }
  return [...found.values()].sort((a, b) => a.line - b.line);
}

/** Resolves a relative specifier to a repository-relative path; bare packages stay null. */
export function resolveRelative(file: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  return relative(ROOT, resolve(ROOT, file, "..", specifier))
    .split("\\")
    .join("/");
}

export function lineCount(file: string): number {
  const text = readFileSync(resolve(ROOT, file), "utf8");
  return text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length;
}
