import { z } from "@hono/zod-openapi";
import { BoolLike, FileField, nonEmptyPatch } from "../../../core/http/schemas.ts";

/** Largest accepted attachment: 20 MB (the spec names no bound; a WhatsApp-sized document fits). */
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;

export const QuickMessage = z
  .object({
    id: z.number(),
    companyId: z.number(),
    userId: z.number().nullable(),
    shortcode: z.string(),
    message: z.string(),
    mediaPath: z.string().nullable(),
    mediaName: z.string().nullable(),
    /** Where the attachment is served (`/public/company{id}/{mediaPath}`), or null. */
    mediaUrl: z.string().nullable(),
    geral: z.boolean().openapi({ description: "General: every user of the company uses and edits it" }),
    visao: z.boolean().openapi({ description: "Visible to the other users (read-only for them unless general)" }),
    status: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("QuickMessage");

export const QuickMessagePage = z.object({ records: z.array(QuickMessage), count: z.number(), hasMore: z.boolean() }).openapi("QuickMessagePage");

// Spec 000 §5: the shortcode is required.
const shortcode = z.string({ error: "Required" }).trim().min(1, "Required").max(100, "Too Long!");
const message = z.string({ error: "Invalid message" }).max(10_000, "Too Long!");

export const QuickMessageInput = z
  .object({
    shortcode,
    message: message.optional().default(""),
    geral: BoolLike.optional().default(false),
    visao: BoolLike.optional().default(false),
    status: BoolLike.optional().default(true),
  })
  .openapi("QuickMessageInput");

export const QuickMessagePatch = nonEmptyPatch(
  z.object({ shortcode: shortcode.optional(), message: message.optional(), geral: BoolLike.optional(), visao: BoolLike.optional(), status: BoolLike.optional() }),
).openapi("QuickMessagePatch");

export const QuickMessageQuery = z.object({
  searchParam: z.string().max(200, "Too Long!").optional().default(""),
  pageNumber: z.coerce.number().int().min(1).optional().default(1),
});

export const MediaUpload = z
  .object({
    /** The client's label for the upload (e.g. "quickMessage"); kept for compatibility, not stored. */
    typeArch: z.string().max(50, "Too Long!").optional(),
    file: FileField,
  })
  .openapi("QuickMessageMediaUpload");
