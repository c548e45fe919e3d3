/**
 * The announcements API's request and response types, inferred from the server's zod schemas
 * (and its realtime payload type) so the web client never restates a server shape.
 * Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type { Announcement as AnnouncementSchema, AnnouncementInput, AnnouncementPage as AnnouncementPageSchema, AnnouncementPatch } from "../server/announcements.schemas.ts";

export type { AnnouncementEvent } from "../server/announcements.realtime.ts";

/** An announcement as the API answers it (`mediaUrl`: `/public/company{id}/{file}`, or null). */
export type Announcement = z.infer<typeof AnnouncementSchema>;
export type AnnouncementPage = z.infer<typeof AnnouncementPageSchema>;
/** What POST /announcements takes. */
export type AnnouncementPayload = z.input<typeof AnnouncementInput>;
/** What PUT /announcements/{id} takes. */
export type AnnouncementChanges = z.input<typeof AnnouncementPatch>;
