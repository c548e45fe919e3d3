/**
 * What other plugins' web code may use of the contacts plugin.
 * Anything else under plugins/contacts/web is internal (tests/architecture/rules.test.ts checks it).
 */
export { formatNumber } from "../shared/phone.ts";
export { ContactAvatar } from "./contact-avatar.tsx";
export { ContactDialog } from "./contact-dialog.tsx";
export { contactsApi, useCreateContactMutation, useGetContactQuery, useGetContactsPageQuery, type Contact } from "./contacts-api.ts";
export type { ContactListActionProps } from "./zones.ts";
