/** Languages an export's header row and file name come in (the web's four locales). */
export const EXPORT_LANGS = ["pt", "en", "es", "tr"] as const;
export type ExportLang = (typeof EXPORT_LANGS)[number];
export type ExportFormat = "xlsx" | "csv";

/**
 * An export's file name, `contatos-2026-11-27.xlsx` (the UTC day): the server's
 * Content-Disposition and the web's download both use it, so the two never differ.
 */
export function exportFileName(lang: ExportLang, format: ExportFormat, now = new Date()): string {
  const base = { pt: "contatos", en: "contacts", es: "contactos", tr: "kisiler" }[lang];
  return `${base}-${now.toISOString().slice(0, 10)}.${format}`;
}
