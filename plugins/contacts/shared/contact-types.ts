/**
 * The contacts API's request and response types, inferred from the server's zod schemas so
 * the web client never restates a server shape. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type {
  Contact as ContactSchema,
  ContactInput,
  ContactPage as ContactPageSchema,
  ContactPatch,
  ContactTag as ContactTagSchema,
  ExtraInfo as ExtraInfoSchema,
} from "../server/contacts.schemas.ts";
import type { ContactProfile } from "../server/contacts.routes.ts";

/** A contact as the API answers it (numbers already LGPD-masked for plain users). */
export type Contact = z.infer<typeof ContactSchema>;
export type ContactPage = z.infer<typeof ContactPageSchema>;
export type ContactTag = z.infer<typeof ContactTagSchema>;
/** An extra info row; a row not saved yet has no id. */
export type ExtraInfo = Omit<z.infer<typeof ExtraInfoSchema>, "id"> & { id?: number };
/** What POST /contacts takes. */
export type ContactPayload = z.input<typeof ContactInput>;
/** What PUT /contacts/{id} takes. */
export type ContactChanges = z.input<typeof ContactPatch>;
/** GET /contacts/profile/{number}: the contact's id and provider picture. */
export type ContactProfileView = z.infer<typeof ContactProfile>;
