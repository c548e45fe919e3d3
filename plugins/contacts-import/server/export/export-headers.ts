export type ExportLang = "pt" | "en" | "es" | "tr";

/**
 * The header row of an export in each language: words the import recognises (shared/columns.ts
 * HEADER_WORDS; a test checks), so an exported file imports back with its mapping already right.
 */
export const EXPORT_HEADERS: Record<ExportLang, string[]> = {
  pt: ["Nome", "Número", "E-mail", "Tags"],
  en: ["Name", "Number", "E-mail", "Tags"],
  es: ["Nombre", "Número", "Correo", "Etiquetas"],
  tr: ["Ad", "Telefon", "E-posta", "Etiketler"],
};

/** The file's name: `contatos-2026-11-27.xlsx`. */
export function exportFileName(lang: ExportLang, format: "xlsx" | "csv", now = new Date()): string {
  const base = { pt: "contatos", en: "contacts", es: "contactos", tr: "kisiler" }[lang];
  return `${base}-${now.toISOString().slice(0, 10)}.${format}`;
}
