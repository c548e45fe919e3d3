import { z } from "@hono/zod-openapi";
import { FileField, nonEmptyPatch } from "../../../core/http/schemas.ts";

/** Largest accepted image: 5 MB (the brief caps announcement images at 5 MB). */
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;
/** The spec's accepted image types. */
export const MEDIA_EXTENSIONS = [".png", ".jpg", ".jpeg"] as const;

export const Announcement = z
  .object({
    id: z.number(),
    companyId: z.number(),
    title: z.string(),
    text: z.string(),
    priority: z.number().int().min(1).max(3).openapi({ description: "1 high (red), 2 medium (orange), 3 low (grey)" }),
    status: z.boolean().openapi({ description: "true: active, shown to every user; false: inactive, seen by super users only" }),
    mediaPath: z.string().nullable(),
    mediaName: z.string().nullable(),
    /** Where the image is served (`/public/company{id}/{mediaPath}`), or null. */
    mediaUrl: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Announcement");

export const AnnouncementPage = z.object({ records: z.array(Announcement), count: z.number(), hasMore: z.boolean() }).openapi("AnnouncementPage");

// Forms send numbers and booleans as strings; older clients send status as a boolean.
const Priority = z.coerce
  .number({ error: "Invalid priority" })
  .int("Invalid priority")
  .min(1, "Invalid priority")
  .max(3, "Invalid priority")
  .openapi({ type: "integer", enum: [1, 2, 3], example: 3 });
const Status = z
  .union([z.enum(["active", "inactive"]), z.boolean(), z.enum(["true", "false"])], { error: "Invalid status" })
  .transform((v) => (v === true || v === "true" || v === "active" ? "active" : "inactive"))
  .openapi({ description: 'true or "active": shown to every user; false or "inactive": super users only', example: true });

const fields = {
  title: z.string({ error: "Required" }).trim().min(1, "Required").max(200, "Too Long!"),
  text: z.string({ error: "Required" }).trim().min(1, "Required").max(10_000, "Too Long!"),
};

export const AnnouncementInput = z.object({ ...fields, priority: Priority.optional().default(3), status: Status.optional().default("active") }).openapi("AnnouncementInput");

export const AnnouncementPatch = nonEmptyPatch(
  z.object({ title: fields.title.optional(), text: fields.text.optional(), priority: Priority.optional(), status: Status.optional() }),
).openapi("AnnouncementPatch");

export const MediaUpload = z.object({ file: FileField }).openapi("AnnouncementMediaUpload");
