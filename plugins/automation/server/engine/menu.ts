import type { Action, Interactive } from "./actions.ts";
import { BACK, START } from "./reply.ts";
import type { BotSettings, ChannelCapabilities } from "./snapshot.ts";

/**
 * The customer-facing words the bot adds itself. Portuguese, the product's language for
 * customers; everything else a customer reads is written by the company.
 */
export const MENU_LABELS = { back: "Voltar", start: "Menu inicial", listButton: "Ver opções" } as const;

/** WhatsApp's bounds: a list shows at most 10 rows, a message at most 3 reply buttons. */
export const MAX_LIST_ROWS = 10;
export const MAX_BUTTONS = 3;

export interface Menu {
  /** The heading (a greeting); may be empty. */
  intro: string;
  /** The entries, numbered from 1 in this order. */
  choices: readonly string[];
  /** Offer `0` (back one level) and `#` (back to the start). */
  back: boolean;
  start: boolean;
  /** A stored file sent with it (the connection's greeting media). */
  media?: string | null;
}

/**
 * The message showing a menu in the style `chatBotType` asks: always a numbered text (what
 * a text-only channel shows, and the stored body), plus a list or reply buttons when the
 * channel has them and the entries fit; otherwise the text alone.
 *
 * @example
 * menuMessage({ intro: "Olá!", choices: ["Vendas", "Suporte"], back: false, start: false }, "text", { list: false, buttons: false })
 * // { type: "send", text: "Olá!\n\n*1* - Vendas\n*2* - Suporte" }
 */
export function menuMessage(menu: Menu, style: BotSettings["chatBotType"], channel: ChannelCapabilities): Extract<Action, { type: "send" }> {
  const entries = [
    ...menu.choices.map((title, i) => ({ id: String(i + 1), title })),
    ...(menu.back ? [{ id: BACK, title: MENU_LABELS.back }] : []),
    ...(menu.start ? [{ id: START, title: MENU_LABELS.start }] : []),
  ];
  const lines = entries.map((e) => `*${e.id}* - ${e.title}`).join("\n");
  const text = menu.intro.trim() ? `${menu.intro.trim()}\n\n${lines}` : lines;
  const interactive = interactiveFor(entries, style, channel);
  return { type: "send", text, ...(menu.media ? { media: menu.media } : {}), ...(interactive ? { interactive } : {}) };
}

function interactiveFor(entries: { id: string; title: string }[], style: BotSettings["chatBotType"], channel: ChannelCapabilities): Interactive | null {
  if (style === "list" && channel.list && entries.length <= MAX_LIST_ROWS) return { kind: "list", buttonText: MENU_LABELS.listButton, rows: entries };
  if (style === "button" && channel.buttons && entries.length <= MAX_BUTTONS) return { kind: "buttons", buttons: entries };
  return null;
}
