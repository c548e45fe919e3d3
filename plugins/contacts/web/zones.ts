/** `contacts.listActions`: buttons in the /contacts toolbar, after the search and add (the import and export of contacts-import). */
export interface ContactListActionProps {
  /** The list's filters as the page sends them (GET /contacts), so an export holds what the list shows. */
  filter: { searchParam: string };
}

// The /contacts page's zone, declared by the contacts plugin that renders it.
declare module "../../../web/src/plugin/zone-types.ts" {
  interface ZoneProps {
    "contacts.listActions": ContactListActionProps;
  }
}
