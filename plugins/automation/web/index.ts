import { defineWebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { manifest } from "../plugin.ts";
import { BotBadge } from "./bot-badge.tsx";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

/** No pages: the bot indicator on tickets the bot is still talking with. */
export default defineWebPlugin({
  manifest,
  zones: { "tickets.listItemBadges": [BotBadge], "tickets.headerActions": [BotBadge] },
  translations: { pt, en, es, tr },
});
