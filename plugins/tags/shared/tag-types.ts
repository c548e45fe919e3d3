/**
 * The tags API's request and response types, inferred from the server's zod schemas so the
 * web client never restates a server shape. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type { ContactTags as ContactTagsSchema, SyncInput, Tag as TagSchema, TagInput, TagPage as TagPageSchema, TagPatch, TagWithCount } from "../server/tags.schemas.ts";

/** A tag as the API answers it; pages of GET /tags add how many contacts carry it. */
export type Tag = z.infer<typeof TagSchema> & Partial<Pick<z.infer<typeof TagWithCount>, "contactsCount">>;
export type TagPage = z.infer<typeof TagPageSchema>;
/** What POST /tags takes. */
export type TagPayload = z.input<typeof TagInput>;
/** What PUT /tags/{id} takes. */
export type TagChanges = z.input<typeof TagPatch>;
/** A contact's tags (GET /contactTags/{contactId}, POST /tags/sync answers). */
export type ContactTags = z.infer<typeof ContactTagsSchema>;
/** What POST /tags/sync takes: the contact's whole tag list, new tags by name. */
export type TagSyncPayload = z.input<typeof SyncInput>;
