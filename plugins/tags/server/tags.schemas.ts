import { z } from "@hono/zod-openapi";
import { OptionalRefId } from "../../../core/http/loose-values.ts";
import { nonEmptyPatch, pathId } from "../../../core/http/schemas.ts";
import { TAG_NAME_MAX, TAG_NAME_MIN, TAG_NAME_TOO_LONG } from "../shared/tag-name.ts";

export const Tag = z
  .object({
    id: z.number(),
    companyId: z.number(),
    name: z.string(),
    color: z.string(),
    kanban: z.number().openapi({ description: "1 = a kanban lane" }),
    userId: z.number().nullable(),
    timeLane: z.number(),
    nextLaneId: z.number().nullable(),
    rollbackLaneId: z.number().nullable(),
    greetingMessageLane: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Tag");

export const TagWithCount = Tag.extend({
  contactsCount: z.number().openapi({ description: "How many contacts carry the tag" }),
  contacts: z.number().openapi({ description: "The same count, under the name the original clients read" }),
}).openapi("TagWithCount");
export const TagPage = z.object({ tags: z.array(TagWithCount), count: z.number(), hasMore: z.boolean() }).openapi("TagPage");

// Spec 000 §5: the tag screen's name is required ('Obrigatório') and at least 3 long ('Mensagem muito curta').
const name = z.string().trim().min(1, "Obrigatório").min(TAG_NAME_MIN, "Mensagem muito curta").max(TAG_NAME_MAX, TAG_NAME_TOO_LONG);
const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "Invalid color");
/** Another lane of the company, or none (the spec's form sends `[]`). */
const laneId = OptionalRefId;

export const TagInput = z
  .object({
    name,
    color: color.optional().openapi({ description: "#rrggbb; a random colour when absent" }),
    kanban: z
      .union([z.literal(0), z.literal(1)])
      .optional()
      .default(0),
    timeLane: z.number().int().min(0).max(100_000).optional().default(0),
    nextLaneId: laneId.optional(),
    rollbackLaneId: laneId.optional(),
    greetingMessageLane: z.string().max(5000, "Too Long!").optional().default(""),
  })
  .openapi("TagInput");

export const TagPatch = nonEmptyPatch(
  z.object({
    name: name.optional(),
    color: color.optional(),
    kanban: z.union([z.literal(0), z.literal(1)]).optional(),
    timeLane: z.number().int().min(0).max(100_000).optional(),
    nextLaneId: laneId.optional(),
    rollbackLaneId: laneId.optional(),
    greetingMessageLane: z.string().max(5000, "Too Long!").optional(),
  }),
).openapi("TagPatch");

const kanbanFilter = z.enum(["0", "1"]).transform(Number).optional();

export const TagQuery = z.object({
  searchParam: z.string().max(100, "Too Long!").optional().default(""),
  pageNumber: z.coerce.number().int().min(1).optional().default(1),
  kanban: kanbanFilter,
});

export const TagListQuery = z.object({ kanban: kanbanFilter });

export const SyncInput = z
  .object({
    contactId: z.number("Required").int().positive(),
    tags: z
      .array(
        z.object({
          id: z.number().int().positive().optional(),
          name: z.string().trim().max(TAG_NAME_MAX, TAG_NAME_TOO_LONG).optional().default(""),
          color: color.optional(),
        }),
      )
      .max(100, "Too Long!"),
  })
  .openapi("TagSyncInput");

export const ContactTags = z.object({ contactId: z.number(), tags: z.array(Tag) }).openapi("ContactTags");

export const ContactIdParam = z.object({
  contactId: pathId("contactId"),
});
