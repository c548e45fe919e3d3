/** A tag as another plugin shows it next to a contact. */
export interface TagSummary {
  id: number;
  name: string;
  color: string;
}

declare module "../../../core/plugin/services.ts" {
  interface ServiceMap {
    /** The tags of each of the company's contacts named (contacts without tags are absent). */
    "tags.ofContacts": (companyId: number, contactIds: number[]) => Promise<Map<number, TagSummary[]>>;
  }
}
