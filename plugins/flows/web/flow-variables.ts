/**
 * The variable list the editor offers as `{{name}}` placeholders (spec 002 §2.8, §4.2): kept in
 * the browser, as the original product did. Saving a question node removes its old answer key
 * and adds the new one. The editor also offers the answer keys the open flow's questions hold,
 * so a flow opened on another browser still shows its variables.
 */
const KEY = "flows.variables";

export function savedVariables(): string[] {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? "[]") as unknown;
    return Array.isArray(raw) ? raw.filter((v): v is string => typeof v === "string" && v !== "") : [];
  } catch {
    return [];
  }
}

/** A question saved: `previous` (its old answer key) out, `next` in. Answers the new list. */
export function replaceVariable(previous: string | undefined, next: string): string[] {
  const list = savedVariables().filter((v) => v !== previous && v !== next);
  if (next) list.push(next);
  localStorage.setItem(KEY, JSON.stringify(list));
  return list;
}
