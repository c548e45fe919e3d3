import { z } from "@hono/zod-openapi";

/** The digits of a number as typed, 8 to 50 of them (the list item's rule, spec 002 §5). */
const number = z
  .string({ error: "Required" })
  .transform((v) => v.replace(/\D/g, ""))
  .pipe(z.string().min(1, "Required").min(8, "Too Short!").max(50, "Too Long!"));

export const Suppression = z
  .object({
    id: z.number(),
    companyId: z.number(),
    number: z.string(),
    contactId: z.number().nullable(),
    source: z.enum(["reply", "manual"]).openapi({ description: "reply: the contact answered a stop word; manual: an admin added it" }),
    repliedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("CampaignSuppression");
export const SuppressionPage = z.object({ records: z.array(Suppression), count: z.number(), hasMore: z.boolean() }).openapi("CampaignSuppressionPage");
export const SuppressionInput = z.object({ number }).openapi("CampaignSuppressionInput");
export const SuppressionQuery = z.object({
  searchParam: z.string().max(200, "Too Long!").optional().default(""),
  pageNumber: z.coerce.number().int().min(1).optional().default(1),
});
