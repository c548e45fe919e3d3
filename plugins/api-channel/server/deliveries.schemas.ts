import { z } from "@hono/zod-openapi";

export const DeliveriesQuery = z.object({
  whatsappId: z.coerce.number("Required").int("Invalid value").positive("Invalid value"),
  pageNumber: z.coerce.number("Invalid value").int("Invalid value").min(1, "Invalid value").optional().default(1),
});

export const Delivery = z
  .object({
    id: z.number(),
    whatsappId: z.number(),
    event: z.string().openapi({ example: "message.created" }),
    url: z.string(),
    /** null when no answer came (timeout, connection refused, no URL). */
    statusCode: z.number().nullable(),
    ok: z.boolean(),
    error: z.string().nullable(),
    attempt: z.number(),
    durationMs: z.number(),
    createdAt: z.string(),
  })
  .openapi("ApiWebhookDelivery");

export const DeliveryPage = z.object({ records: z.array(Delivery), hasMore: z.boolean() }).openapi("ApiWebhookDeliveryPage");
