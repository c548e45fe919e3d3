import type { TFunction } from "i18next";

/** The contact form's messages (and the reader's) as the server writes them, to their translation keys. */
const KEYS: Record<string, string> = {
  "Too Short!": "rowErrors.tooShort",
  "Too Long!": "rowErrors.tooLong",
  Required: "rowErrors.required",
  "Invalid email": "rowErrors.invalidEmail",
  "Invalid number": "rowErrors.invalidNumber",
  "Tag muito curta!": "rowErrors.tagTooShort",
  "Invalid row": "rowErrors.invalidRow",
  "Quote not closed": "rowErrors.quoteNotClosed",
};
const FIELDS = new Set(["name", "number", "email", "tags", "row"]);

/** A refused row's message in the user's language (an unknown one as the server wrote it). */
export const rowMessage = (t: TFunction, message: string) => (KEYS[message] ? t(KEYS[message]) : message);
/** A refused row's field: a contact field translated, an extra info name as it is. */
export const rowField = (t: TFunction, field: string) => (FIELDS.has(field) ? t(`fields.${field}`) : field);
