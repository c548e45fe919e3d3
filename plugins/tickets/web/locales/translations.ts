import type { Language } from "../../../../web/src/plugin/web-plugin.ts";
import actionsEn from "./actions/en.json";
import actionsEs from "./actions/es.json";
import actionsPt from "./actions/pt.json";
import actionsTr from "./actions/tr.json";
import conversationEn from "./conversation/en.json";
import conversationEs from "./conversation/es.json";
import conversationPt from "./conversation/pt.json";
import conversationTr from "./conversation/tr.json";
import listEn from "./list/en.json";
import listEs from "./list/es.json";
import listPt from "./list/pt.json";
import listTr from "./list/tr.json";
import pageEn from "./page/en.json";
import pageEs from "./page/es.json";
import pagePt from "./page/pt.json";
import pageTr from "./page/tr.json";

/**
 * One "tickets" namespace assembled from per-area files (page, list, conversation,
 * actions), each with its own top-level key, so the areas of the workspace keep their
 * strings apart.
 */
export const translations: Record<Language, Record<string, unknown>> = {
  pt: { ...pagePt, ...listPt, ...conversationPt, ...actionsPt },
  en: { ...pageEn, ...listEn, ...conversationEn, ...actionsEn },
  es: { ...pageEs, ...listEs, ...conversationEs, ...actionsEs },
  tr: { ...pageTr, ...listTr, ...conversationTr, ...actionsTr },
};
