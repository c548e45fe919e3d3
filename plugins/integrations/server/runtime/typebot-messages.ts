/**
 * Typebot's chat API answers (`startChat`, `continueChat`: `{ sessionId?, messages, input? }`)
 * turned into what a WhatsApp customer reads: rich text flattened to WhatsApp formatting
 * (*bold*, _italic_, ~strike~, ```code```), media bubbles kept apart (sent as media, their
 * URL as text when they cannot be fetched), a choice input as a
 * numbered list the customer answers with a number or the choice's text.
 */

type Json = Record<string, unknown>;

/** The input Typebot waits for, as kept between turns. */
export interface PendingInput {
  id: string;
  type: string;
  /** A choice input's items, in order. */
  items: string[];
}

/** One message of an answer as it goes out: a text, or a media bubble's URL (downloaded and sent as media). */
export type TurnItem = { type: "text"; text: string } | { type: "media"; kind: "image" | "video" | "audio"; url: string };

export interface TypebotTurn {
  /** Every message as text (a media bubble as its URL), the choice list last. */
  texts: string[];
  /** The same messages in order, media bubbles kept apart. */
  items: TurnItem[];
  input: PendingInput | null;
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** One rich-text leaf (`{ text, bold, italic, … }`) with WhatsApp marks. */
function leaf(node: Json): string {
  let text = str(node.text);
  if (!text.trim()) return text;
  if (node.code) text = `\`\`\`${text}\`\`\``;
  if (node.bold) text = `*${text}*`;
  if (node.italic) text = `_${text}_`;
  if (node.strikethrough) text = `~${text}~`;
  return text;
}

/** Flattens Typebot's Slate-like rich text: blocks become lines, links keep their URL. */
export function flattenRichText(nodes: unknown): string {
  if (!Array.isArray(nodes)) return "";
  const inline = (node: unknown): string => {
    if (!node || typeof node !== "object") return "";
    const n = node as Json;
    if (typeof n.text === "string") return leaf(n);
    const inner = Array.isArray(n.children) ? n.children.map(inline).join("") : "";
    if (n.type === "a" && typeof n.url === "string" && n.url !== inner) return inner ? `${inner} (${n.url})` : n.url;
    return inner;
  };
  return nodes.map(inline).join("\n").trim();
}

/** Strips HTML (an older answer format) to text. */
const fromHtml = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/p>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .trim();

/** The text a customer reads for one of Typebot's messages (empty: nothing to send). */
export function messageText(message: unknown): string {
  if (!message || typeof message !== "object") return "";
  const m = message as Json;
  const content = (m.content && typeof m.content === "object" ? m.content : {}) as Json;
  switch (m.type) {
    case "text":
      if (Array.isArray(content.richText)) return flattenRichText(content.richText);
      if (typeof content.markdown === "string") return content.markdown.trim();
      if (typeof content.html === "string") return fromHtml(content.html);
      return str(content.plainText).trim();
    case "image":
    case "video":
    case "audio":
    case "embed":
      return str(content.url).trim();
    default:
      return "";
  }
}

/** The numbered list of a choice input. */
export const choiceList = (items: string[]): string => items.map((item, i) => `${i + 1} - ${item}`).join("\n");

/** Reads the input Typebot waits for, if any. */
export function pendingInput(input: unknown): PendingInput | null {
  if (!input || typeof input !== "object") return null;
  const i = input as Json;
  const items = Array.isArray(i.items) ? i.items.map((item) => str((item as Json)?.content)).filter((s) => s) : [];
  return { id: str(i.id), type: str(i.type), items };
}

/** At most this many messages of one answer go out: a runaway flow never floods the customer. */
export const MAX_MESSAGES = 50;

/** A message as it goes out (null: nothing to send): an http(s) image, video or audio bubble is media. */
function turnItem(message: unknown): TurnItem | null {
  const text = messageText(message);
  if (!text) return null;
  const type = (message as Json).type;
  if ((type === "image" || type === "video" || type === "audio") && /^https?:\/\//i.test(text)) return { type: "media", kind: type, url: text };
  return { type: "text", text };
}

/** An answer's messages in order (the choice list last), and its input. */
export function readTurn(answer: unknown): TypebotTurn {
  const a = (answer && typeof answer === "object" ? answer : {}) as Json;
  const messages = Array.isArray(a.messages) ? a.messages : [];
  const items = messages
    .map(turnItem)
    .filter((i): i is TurnItem => i !== null)
    .slice(0, MAX_MESSAGES);
  const input = pendingInput(a.input);
  if (input?.type === "choice input" && input.items.length) items.push({ type: "text", text: choiceList(input.items) });
  return { texts: items.map((i) => (i.type === "text" ? i.text : i.url)), items, input };
}

/**
 * What a customer's reply means to a choice input: the item's text for its number or its
 * text (case ignored), or null when it names none. Other inputs take the reply as it is.
 */
export function replyFor(input: PendingInput | null, body: string): string | null {
  if (input?.type !== "choice input" || !input.items.length) return body;
  const trimmed = body.trim();
  const n = Number(trimmed);
  if (Number.isInteger(n) && n >= 1 && n <= input.items.length) return input.items[n - 1]!;
  return input.items.find((item) => item.toLowerCase() === trimmed.toLowerCase()) ?? null;
}
