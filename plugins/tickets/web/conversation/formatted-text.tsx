import type { ReactNode } from "react";

/**
 * WhatsApp's inline marks — *bold*, _italic_, ~strike~, ```monospace``` — and bare links,
 * turned into elements (never HTML strings, so a message can't inject markup). Signed
 * messages arrive as "*Name:*\ntext" and show the name in bold, as the customer sees it.
 */
const MARKS: { re: RegExp; wrap: (inner: ReactNode, key: number) => ReactNode }[] = [
  { re: /```([^`]+)```/, wrap: (inner, key) => <code key={key}>{inner}</code> },
  { re: /\*([^*\n]+)\*/, wrap: (inner, key) => <strong key={key}>{inner}</strong> },
  { re: /(?<![\p{L}\p{N}])_([^_\n]+)_(?![\p{L}\p{N}])/u, wrap: (inner, key) => <em key={key}>{inner}</em> },
  { re: /~([^~\n]+)~/, wrap: (inner, key) => <s key={key}>{inner}</s> },
  {
    re: /(https?:\/\/[^\s<]+[^\s<.,;:!?)\]'"])/,
    wrap: (inner, key) => (
      <a key={key} href={String(inner)} target="_blank" rel="noopener noreferrer">
        {inner}
      </a>
    ),
  },
];

export function formatWhatsAppText(text: string, depth = 0): ReactNode[] {
  if (!text) return [];
  let best: { index: number; length: number; inner: string; mark: (typeof MARKS)[number] } | null = null;
  for (const mark of MARKS) {
    const m = mark.re.exec(text);
    if (m && (best === null || m.index < best.index)) best = { index: m.index, length: m[0].length, inner: m[1] ?? "", mark };
  }
  if (!best || depth > 8) return [text];
  const isLink = best.mark === MARKS[MARKS.length - 1];
  const inner = isLink ? best.inner : formatWhatsAppText(best.inner, depth + 1);
  return [text.slice(0, best.index), best.mark.wrap(inner, best.index), ...formatWhatsAppText(text.slice(best.index + best.length), depth)].filter((n) => n !== "");
}

export function FormattedText({ text }: { text: string }) {
  return <>{formatWhatsAppText(text)}</>;
}

/** The text without WhatsApp's marks, for one-line previews (list items, notifications). */
export function plainWhatsAppText(text: string): string {
  return text
    .replace(/```([^`]+)```/g, "$1")
    .replace(/\*([^*\n]+)\*/g, "$1")
    .replace(/(?<![\p{L}\p{N}])_([^_\n]+)_(?![\p{L}\p{N}])/gu, "$1")
    .replace(/~([^~\n]+)~/g, "$1");
}
