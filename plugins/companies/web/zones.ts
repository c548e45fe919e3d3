/** `companies.rowActions`: buttons in a company row of the companies screen, before Renew (the platform company's row has none). */
export interface CompanyRowActionProps {
  company: { id: number; name: string; dueDate: string | null; recurrence: string };
  /** Tells the screen the company changed (its row is read again). */
  onChanged: () => void;
}

// The companies screen's zone, declared by the plugin that renders it.
declare module "../../../web/src/plugin/zone-types.ts" {
  interface ZoneProps {
    "companies.rowActions": CompanyRowActionProps;
  }
}
