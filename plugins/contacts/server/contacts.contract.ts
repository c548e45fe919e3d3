import type { AfterCommit, DbOrTx } from "../../../core/db/database.ts";
import type { SyncDb, WriteUnit } from "../../../core/db/write-batch.ts";
import type { contacts } from "../schema/tables.ts";
import type { ContactView } from "./contacts.service.ts";

export type ContactRow = typeof contacts.$inferSelect;
export type { ContactView };

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

/** One spreadsheet row for `contacts.upsertMany`: raw cells, checked by the contact form's rules. */
export interface BulkContactInput {
  number: string;
  /** Empty: a new contact is named by its number, an existing one keeps its name. */
  name?: string;
  /** Empty: none for a new contact, kept for an existing one. */
  email?: string;
  /** Set by name on the contact (an entry of the same name is replaced). */
  extraInfo?: { name: string; value: string }[];
}

/** The outcome of one row: the contact it created or merged into, or the field at fault and the form's message. */
export type BulkContactResult = { ok: true; contactId: number; number: string; created: boolean } | { ok: false; field: string; message: string };

/** The contacts list's filters (GET /contacts), for an export of what the list shows. */
export interface ContactFilter {
  searchParam: string;
  channel?: string;
  isGroup?: boolean;
}

/** A contact as an export writes it (numbers LGPD-masked for plain users, tags' names). */
export interface ExportedContact {
  id: number;
  name: string;
  number: string;
  email: string;
  tags: string[];
}

/** An address-book entry a live channel knows (a phone's saved contact). */
export interface AddressBookEntry {
  number: string;
  name: string;
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
    /**
     * One contact as `GET /contacts/{id}` answers it (extra info and tags; the number masked
     * for an LGPD viewer). Another company's id, or an unknown one, throws ERR_NO_CONTACT_FOUND.
     */
    "contacts.show": (viewer: { companyId: number; masked: boolean }, id: number) => Promise<ContactView>;
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
     * (then the number is kept as typed). Optional `whatsappId`: ask that connection's session
     * when it is connected (a campaign's own number), else the company's first.
     */
    "channels.checkNumber": (companyId: number, number: string, whatsappId?: number) => Promise<string | null | undefined>;
    /**
     * Creates or merges many contacts in the caller's transaction (the spreadsheet import):
     * rows checked with the contact form's rules, matched by normalised number within the
     * batch and against the company's contacts. One result per row, in order. Sends no
     * per-contact events unless `announce` (a small import) is given: the caller runs what it
     * was handed once its transaction committed (a rolled-back batch announces nothing); call
     * `contacts.reloaded` after.
     */
    "contacts.upsertMany": (companyId: number, rows: BulkContactInput[], options: { tx: DbOrTx; announce: AfterCommit | null }) => Promise<BulkContactResult[]>;
    /** Tells the company's contact lists to load again (`company-{id}-contact` `{ action: "reload" }`): many contacts changed at once. */
    "contacts.reloaded": (companyId: number) => void;
    /** The contacts the list shows for these filters, in its order (name, id), a page of `size` at a time; numbers masked for LGPD viewers. */
    "contacts.exportPages": (viewer: { companyId: number; masked: boolean }, filter: ContactFilter, size: number) => AsyncIterable<ExportedContact[]>;
    /**
     * Offered by a live channel (WhatsApp): the address book of a connected connection of the
     * company (the phone's saved contacts), or null when the connection is not the company's,
     * not of that channel or not connected.
     */
    "channels.addressBook": (companyId: number, whatsappId: number) => Promise<AddressBookEntry[] | null>;
    /** Offered by a live channel: the contact's current picture URL; null or undefined when none or unknown. */
    "channels.profilePicture": (companyId: number, number: string) => Promise<string | null | undefined>;
  }
}
