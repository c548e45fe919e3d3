import type { DbOrTx } from "../../../core/db/database.ts";
import type { SyncDb, WriteUnit } from "../../../core/db/write-batch.ts";
import type { contacts } from "../schema/tables.ts";

export type ContactRow = typeof contacts.$inferSelect;

/** The LGPD number mask, for plugins that show contact numbers (ticket views). */
export { looksLikeGroupId, maskNumber } from "../shared/phone.ts";

export interface FindOrCreateContactInput {
  companyId: number;
  /** Any spelling: it is normalised (digits, Brazilian ninth digit) unless isGroup. */
  number: string;
  name?: string;
  isGroup?: boolean;
  channel?: string;
  urlPicture?: string;
}

declare module "../../../core/plugin/services.ts" {
  interface ServiceMap {
    /**
     * The company's contact for a number, created when missing. Race-safe: concurrent
     * calls for one new number yield exactly one contact (INSERT … ON CONFLICT DO NOTHING,
     * then SELECT). `company-{id}-contact` create is emitted only by the call that created it.
     */
    "contacts.findOrCreate": (input: FindOrCreateContactInput, tx?: DbOrTx) => Promise<ContactRow>;
    /**
     * The same for a write batch (`ctx.writes`): answers a synchronous step to run inside the
     * caller's unit; the create event is emitted once that unit has committed.
     */
    "contacts.findOrCreateStep": (input: FindOrCreateContactInput) => Promise<(unit: WriteUnit) => ContactRow>;
    /** One contact of the company, or null (another company's id gives null too). */
    "contacts.get": (companyId: number, id: number) => Promise<ContactRow | null>;
    /** Re-announces a contact (`company-{id}-contact` update) after another plugin changed what it shows, e.g. its tags. */
    "contacts.changed": (companyId: number, id: number) => Promise<void>;
    /**
     * The contact accepted the company's data terms (LGPD, issue 14): `lgpdAcceptedAt` is set
     * (kept when already set), synchronously in the caller's write unit (the bot turn that read
     * the answer), so the consent lands with the turn or not at all. Announce it after the
     * commit with `contacts.changed`.
     */
    "contacts.recordLgpdConsent": (db: SyncDb, companyId: number, contactId: number, at: string) => void;
    /** A channel learnt the contact's profile picture (URL): stored and announced when it changed. */
    "contacts.setPicture": (companyId: number, id: number, urlPicture: string) => Promise<void>;
    /** Whether this person sees contact numbers LGPD-masked: a plain user while lgpdHideNumber is "enabled" (spec 000 §6). */
    "contacts.masksNumbersFor": (user: { companyId: number; profile: string; super: boolean }) => Promise<boolean>;
    /**
     * Offered by a live channel (WhatsApp), called by this plugin when a contact is
     * created by hand: the number as the channel spells it, null when the number is not on
     * the channel (ERR_WAPP_INVALID_CONTACT), undefined when no live session can tell
     * (then the number is kept as typed).
     */
    "channels.checkNumber": (companyId: number, number: string) => Promise<string | null | undefined>;
    /** Offered by a live channel: the contact's current picture URL; null or undefined when none or unknown. */
    "channels.profilePicture": (companyId: number, number: string) => Promise<string | null | undefined>;
  }
}
