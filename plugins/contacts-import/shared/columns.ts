/**
 * What a spreadsheet column becomes in a contact. Shared by the server (the suggestion, the
 * import) and the web (the mapping selects).
 */
export const COLUMN_TARGETS = ["ignore", "name", "number", "email", "tags", "extra"] as const;
export type ColumnTarget = (typeof COLUMN_TARGETS)[number];

/** Targets a file may map to one column only (extra info and ignore take any number). */
export const SINGLE_TARGETS: readonly ColumnTarget[] = ["name", "number", "email", "tags"];

/** Tags in one cell are separated by commas, semicolons or vertical bars. */
export const TAG_SEPARATORS = /[,;|]/;

/** Formats accepted (spec 002 §5 names .xls and .xlsx; issue 16 adds .csv). */
export const IMPORT_EXTENSIONS = [".xlsx", ".xls", ".csv"] as const;

/** The largest file accepted: the kernel's upload ceiling applies too. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Header words that name each field, in the four languages of the product (lower case,
 * without accents): a file with headers gets its mapping suggested from them, and an
 * export's headers (the first word of each list in the user's language) import back as they are.
 */
export const HEADER_WORDS: Record<Exclude<ColumnTarget, "ignore" | "extra">, string[]> = {
  name: ["nome", "name", "nombre", "ad", "isim", "ad soyad", "contato", "contact", "contacto", "kisi", "full name", "nome completo"],
  number: ["numero", "number", "telefone", "phone", "telefono", "telefon", "celular", "whatsapp", "mobile", "cel", "fone", "movil", "cep", "gsm", "phone number"],
  email: ["e-mail", "email", "correo", "e-posta", "eposta", "mail", "correo electronico"],
  tags: ["tags", "etiquetas", "etiketler", "tag", "etiqueta", "etiket", "labels", "marcadores"],
};

/** Lower case, accents and surrounding punctuation removed: how header cells are compared. */
export const headerKey = (cell: string): string =>
  cell
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
