/**
 * Finds web API modules that restate a server shape by hand (issue 12, "Types written once"):
 * an `interface`, or a `type` alias whose right-hand side holds an object literal (`{ … }`) or
 * a loose `Record<string, unknown>`. Aliases of imported types, `Pick`/`Omit`/`Partial`,
 * intersections and unions of them, and literal unions (`"a" | "b"`) pass: they name what
 * the server's schemas already say.
 */

export interface HandWrittenType {
  name: string;
  line: number;
}

const DECLARATION = /^[ \t]*(?:export[ \t]+)?(?:declare[ \t]+)?(interface|type)[ \t]+([A-Za-z_$][\w$]*)/gm;
const LOOSE_RECORD = /\bRecord\s*<\s*string\s*,\s*(?:unknown|any)\s*>/;
const OPENERS: Record<string, string> = { "{": "}", "<": ">", "(": ")", "[": "]" };
const CLOSERS = new Set(Object.values(OPENERS));

/** The text of a `type X = …` right-hand side from `start`, up to its `;` or the next top-level line break that ends it. */
function aliasBody(text: string, start: number): string {
  let depth = 0;
  let out = "";
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    const next = text[i + 1];
    // Comments may mention braces (`{ action, record }` in a JSDoc): skip them.
    if (ch === "/" && next === "/") {
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end - 1;
      continue;
    }
    if (ch === "/" && next === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 1;
      continue;
    }
    if (ch === "=" && next === ">") {
      // An arrow in a function type is not a closing angle bracket.
      out += "=>";
      i++;
      continue;
    }
    if (OPENERS[ch]) depth++;
    else if (CLOSERS.has(ch)) depth--;
    if (depth <= 0 && ch === ";") break;
    // Without a semicolon, a blank line or a new top-level statement ends the alias.
    if (depth <= 0 && ch === "\n" && /^\s*(?:$|export\b|import\b|const\b|let\b|function\b|type\b|interface\b)/.test(text.slice(i + 1, i + 40)) && out.trim()) break;
    out += ch;
  }
  return out;
}

/**
 * The object-shaped types a module declares.
 * @example
 *   handWrittenTypes('export interface Company { id: number }\nexport type Row = Pick<Company, "id">;');
 *   // [{ name: "Company", line: 1 }]
 */
export function handWrittenTypes(source: string): HandWrittenType[] {
  const found: HandWrittenType[] = [];
  for (const m of source.matchAll(DECLARATION)) {
    const [whole, kind, name] = m;
    const at = m.index ?? 0;
    const line = source.slice(0, at).split("\n").length;
    if (kind === "interface") {
      found.push({ name: name!, line });
      continue;
    }
    const equals = source.indexOf("=", at + whole.length);
    if (equals < 0) continue;
    const body = aliasBody(source, equals + 1);
    if (body.includes("{") || LOOSE_RECORD.test(body)) found.push({ name: name!, line });
  }
  return found;
}
