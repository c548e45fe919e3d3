import type { ExportLang } from "../../shared/export-file.ts";

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
