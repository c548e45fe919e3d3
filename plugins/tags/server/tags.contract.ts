import type { AfterCommit, DbOrTx } from "../../../core/db/database.ts";

/** A tag as another plugin shows it next to a contact. */
export interface TagSummary {
  id: number;
  name: string;
  color: string;
}

/** The caller's transaction, and where to hand what must wait for its commit (announcements). */
export interface InTransaction {
  tx: DbOrTx;
  afterCommit: AfterCommit;
}

declare module "../../../core/plugin/services.ts" {
  interface ServiceMap {
    /** The tags of each of the company's contacts named (contacts without tags are absent). */
    "tags.ofContacts": (companyId: number, contactIds: number[]) => Promise<Map<number, TagSummary[]>>;
    /** Which of these ids are the company's tags (another company's id, or none, is left out). */
    "tags.ownIds": (companyId: number, ids: number[]) => Promise<number[]>;
    /**
     * The company's tags of these names (case-insensitive, trimmed), the missing ones created
     * with a random colour by `userId` in the caller's transaction; each creation is announced
     * (`company-{id}-tag` create) through `afterCommit`, so only once it committed. Names must
     * already pass the tag-name rule (`shared/tag-name.contract.ts`). Keyed by the lower-cased name.
     */
    "tags.resolveNames": (companyId: number, userId: number | null, names: string[], unit: InTransaction) => Promise<Map<string, number>>;
    /** Adds tags to contacts of the company (links that exist are kept; none removed), in the caller's transaction. */
    "tags.attach": (companyId: number, links: { contactId: number; tagId: number }[], tx: DbOrTx) => Promise<void>;
    /** The company's contacts carrying this tag, by id (a campaign's targets); none for another company's tag. */
    "tags.contactsWithTag": (companyId: number, tagId: number, tx?: DbOrTx) => Promise<number[]>;
  }
}
