/**
 * Who holds a conversation (issue 24): the ticket's one explicit holder, stored in the
 * `tickets.holder` column as text. Pure, shared by the server (tickets, automation and the
 * hand-over providers) and the web header ("who is answering").
 *
 * - `null`: nobody yet — a new ticket, or one waiting in a queue for an attendant.
 * - `"bot"`: the chatbot (automation's greeting, queue menu, option tree).
 * - `"attendant"`: the ticket's attendant (`userId`).
 * - `"<kind>:<ref>"`: a registered hand-over handler, e.g. `integration:4`, `flow:12`,
 *   `prompt:3`. A bare `"<kind>"` (no ref) is the spec's `useIntegration` switch turned on
 *   by hand: a handler is in charge, none is named, so the bot stays out and nothing answers.
 */

export type HolderText = string | null;

export type Holder = { by: "nobody" } | { by: "bot" } | { by: "attendant" } | { by: "handler"; kind: string; ref: string };

export const BOT_HOLDER = "bot";
export const ATTENDANT_HOLDER = "attendant";

/** What a stored holder means. Unknown text is a handler of that kind (no ref). */
export function parseHolder(text: HolderText): Holder {
  if (!text) return { by: "nobody" };
  if (text === BOT_HOLDER) return { by: "bot" };
  if (text === ATTENDANT_HOLDER) return { by: "attendant" };
  const colon = text.indexOf(":");
  return colon < 0 ? { by: "handler", kind: text, ref: "" } : { by: "handler", kind: text.slice(0, colon), ref: text.slice(colon + 1) };
}

/** The stored text of a handler holding a conversation (`integration:4`). */
export function handlerHolder(kind: string, ref: string | number): string {
  const r = String(ref);
  return r ? `${kind}:${r}` : kind;
}

/** Whether the holder is a registered handler (not nobody, the bot or the attendant). */
export const isHandler = (text: HolderText): boolean => parseHolder(text).by === "handler";

/** A numeric ref of a handler of `kind`, else null. */
function refOf(holder: Holder, kind: string): number | null {
  if (holder.by !== "handler" || holder.kind !== kind || !/^\d+$/.test(holder.ref)) return null;
  return Number(holder.ref);
}

/**
 * The spec's ticket fields, derived from the holder so they cannot disagree with it:
 * `isBot` (the chatbot talks), `useIntegration` (a handler is in charge), `integrationId` and
 * `promptId` (the handler's id when it is an integration or an AI prompt).
 */
export function specHolderFields(text: HolderText): { isBot: boolean; useIntegration: boolean; integrationId: number | null; promptId: number | null } {
  const holder = parseHolder(text);
  return { isBot: holder.by === "bot", useIntegration: holder.by === "handler", integrationId: refOf(holder, "integration"), promptId: refOf(holder, "prompt") };
}

/** How the workspace names who is answering: one label per kind the product knows, `handler` for any other. */
export type HolderLabel = "nobody" | "bot" | "attendant" | "flow" | "integration" | "prompt" | "file" | "handler";

export function holderLabel(text: HolderText): HolderLabel {
  const holder = parseHolder(text);
  if (holder.by !== "handler") return holder.by;
  return (["flow", "integration", "prompt", "file"] as const).find((k) => k === holder.kind) ?? "handler";
}
