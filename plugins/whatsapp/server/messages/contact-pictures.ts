import type { Logger } from "../../../../core/log.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import type {} from "../../../contacts/server/contacts.contract.ts";
import type { LiveSession } from "../session/session-registry.ts";
import { BoundedMap } from "./bounded.ts";

/** How long a contact is not asked again after a try (found or not). */
const RETRY_MS = 24 * 60 * 60 * 1000;

/**
 * Fetches the profile picture of a customer who writes and has none yet, once a day at
 * most per contact, in the background: a picture never delays storing the message, and
 * WhatsApp refusing it (privacy settings) changes nothing.
 */
export class ContactPictures {
  private tried = new BoundedMap<number, true>(10_000, RETRY_MS);

  constructor(
    private services: Services,
    private log: Logger,
  ) {}

  /** Called after an inbound message of a person (not a group) was stored. */
  maybeFetch(session: LiveSession, contact: { id: number; urlPicture: string }, jid: string): Promise<void> {
    if (contact.urlPicture || this.tried.has(contact.id)) return Promise.resolve();
    this.tried.set(contact.id, true);
    return this.fetch(session, contact.id, jid);
  }

  private async fetch(session: LiveSession, contactId: number, jid: string): Promise<void> {
    try {
      const url = await session.socket.profilePictureUrl(jid, "image");
      if (url) await this.services.require("contacts.setPicture")(session.companyId, contactId, url);
    } catch (err) {
      this.log.debug?.(`whatsapp: no profile picture for contact ${contactId}`, err);
    }
  }
}
