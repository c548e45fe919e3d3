import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { languages, type Language } from "../plugin/web-plugin.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

export { languages, type Language };

/** The shell's own strings; plugins each bring a namespace named after their id. */
export const commonResources: Record<Language, Record<string, unknown>> = { pt, en, es, tr };

export const FALLBACK_LANGUAGE: Language = "pt";
const STORAGE_KEY = "language";

export const isLanguage = (value: unknown): value is Language => languages.includes(value as Language);

export function storedLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return isLanguage(saved) ? saved : FALLBACK_LANGUAGE;
  } catch {
    return FALLBACK_LANGUAGE;
  }
}

/** The one i18next instance (react-i18next's `useTranslation` reads it). Portuguese is default and fallback. */
export const i18n: I18n = i18next;

/** Initialises synchronously (resources are bundled), so the first render is already translated. */
export function initI18n(language: Language = storedLanguage()): I18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...languages],
      ns: ["common"],
      defaultNS: "common",
      resources: Object.fromEntries(languages.map((l) => [l, { common: commonResources[l] }])),
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
      react: { useSuspense: false },
    });
  } else if (i18n.language !== language) {
    void i18n.changeLanguage(language);
  }
  document.documentElement.lang = language;
  return i18n;
}

/**
 * Adds a plugin's translations under its namespace (its id), in every language it ships.
 * Its `errors` (the codes its manifest declares) also join the shared `common:errors`, where
 * the error toast looks a code up: a plugin's codes are translated in its own folder. A code
 * the shell already translates keeps the shell's text.
 * @example
 *   registerTranslations("schedules", { pt: { errors: { ERR_NO_SCHEDULE_FOUND: "…" } } });
 *   i18n.t("errors.ERR_NO_SCHEDULE_FOUND", { ns: "common" }); // "…"
 */
export function registerTranslations(namespace: string, translations: Partial<Record<Language, Record<string, unknown>>>): void {
  for (const lang of languages) {
    const bundle = translations[lang];
    if (!bundle) continue;
    i18n.addResourceBundle(lang, namespace, bundle, true, true);
    if (bundle.errors && typeof bundle.errors === "object") i18n.addResourceBundle(lang, "common", { errors: bundle.errors }, true, false);
  }
}

/** Switches the interface language and remembers it (localStorage "language"). */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered, but the switch still applies to this visit.
  }
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : FALLBACK_LANGUAGE;
}
