import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import { BotBadge } from "./bot-badge.tsx";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

/**
 * No pages: the bot indicator on the ticket list's rows for tickets the bot is still talking
 * with. The conversation header names whoever holds the conversation itself (tickets' "who is
 * answering", issue 24), so the badge is not repeated there.
 */
export default defineWebPlugin({
  manifest,
  zones: { "tickets.listItemBadges": [BotBadge] },
  translations: { pt, en, es, tr },
});
