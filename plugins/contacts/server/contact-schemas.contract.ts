/** The contact as the API answers it, for plugins whose routes answer contacts too (the legacy `POST /contactsImport`). */
export { Contact } from "./contacts.schemas.ts";
