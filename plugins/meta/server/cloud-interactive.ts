import { arr, obj, str } from "./payload.ts";

/**
 * The Cloud API's bounds for interactive messages (WhatsApp Business Platform, "Interactive
 * messages"): a list shows at most 10 rows in all, its button label 20 characters, a row
 * id 200, a row title 24, a row description 72, a section title 24; reply buttons are at
 * most 3, titles 20 characters, ids 256; the body at most 1024 characters.
 */
export const CLOUD_LIMITS = {
  body: 1024,
  listButton: 20,
  listRows: 10,
  rowId: 200,
  rowTitle: 24,
  rowDescription: 72,
  sectionTitle: 24,
  buttons: 3,
  buttonId: 256,
  buttonTitle: 20,
} as const;

/** Cuts `text` to `max` characters (whole code points, so an emoji is never split), with "…" when cut. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

/**
 * The Graph `interactive` object for a stored list (`kind: "list"`, sections of rows) or
 * reply buttons (`kind: "reply"`), or null when the message must go as text: another kind
 * (copy, call, URL, PIX cards), no rows or buttons, more than the Cloud API shows, or a
 * body longer than an interactive message takes. `body` is the stored text (the bot's full
 * numbered menu, variables resolved): it is the interactive body, so a customer who reads
 * it instead of opening the list loses nothing, and a header would only repeat it.
 *
 * @example
 * cloudInteractive("*1* - Vendas\n*2* - Suporte", { kind: "reply", buttons: [{ id: "1", title: "Vendas" }, { id: "2", title: "Suporte" }] })
 * // { type: "button", body: { text: "*1* - Vendas…" }, action: { buttons: [{ type: "reply", reply: { id: "1", title: "Vendas" } }, …] } }
 */
export function cloudInteractive(body: string, data: unknown): Record<string, unknown> | null {
  const text = body.trim();
  if (!text || Array.from(text).length > CLOUD_LIMITS.body) return null;
  const payload = obj(data);
  const kind = str(payload.kind);
  if (kind === "list") return list(text, payload);
  if (kind === "reply") return buttons(text, payload);
  return null;
}

function list(text: string, payload: Record<string, unknown>): Record<string, unknown> | null {
  const sections = arr(payload.sections).map(obj);
  const count = sections.reduce((n, s) => n + arr(s.rows).length, 0);
  if (count === 0 || count > CLOUD_LIMITS.listRows) return null;
  const mapped = sections.map((section) => {
    const rows = arr(section.rows)
      .map(obj)
      .map((row) => {
        const description = str(row.description);
        return {
          // Rows of the composer's list may come without an id: the title names them, so the reply reads as it.
          id: clip(str(row.id) ?? str(row.title) ?? "", CLOUD_LIMITS.rowId),
          title: clip(str(row.title) ?? "", CLOUD_LIMITS.rowTitle),
          ...(description ? { description: clip(description, CLOUD_LIMITS.rowDescription) } : {}),
        };
      });
    const title = str(section.title);
    return { ...(title ? { title: clip(title, CLOUD_LIMITS.sectionTitle) } : {}), rows };
  });
  const rows = mapped.flatMap((s) => s.rows);
  // Meta refuses a row without a title, repeated row ids, and several sections without titles.
  if (rows.some((r) => !r.title) || new Set(rows.map((r) => r.id)).size !== rows.length) return null;
  const shown = mapped.filter((s) => s.rows.length > 0);
  if (shown.length > 1 && shown.some((s) => !("title" in s))) return null;
  const button = clip(str(payload.buttonText) ?? "Ver opções", CLOUD_LIMITS.listButton);
  return { type: "list", body: { text }, action: { button, sections: shown } };
}

function buttons(text: string, payload: Record<string, unknown>): Record<string, unknown> | null {
  const given = arr(payload.buttons).map(obj);
  if (given.length === 0 || given.length > CLOUD_LIMITS.buttons) return null;
  const replies = given.map((b) => ({ id: clip(str(b.id) ?? str(b.title) ?? "", CLOUD_LIMITS.buttonId), title: clip(str(b.title) ?? "", CLOUD_LIMITS.buttonTitle) }));
  // Meta refuses a button without a title, and two with the same id or title (titles cut to 20 characters may collide).
  if (replies.some((r) => !r.title)) return null;
  if (new Set(replies.map((r) => r.id)).size !== replies.length || new Set(replies.map((r) => r.title)).size !== replies.length) return null;
  return { type: "button", body: { text }, action: { buttons: replies.map((reply) => ({ type: "reply", reply })) } };
}
