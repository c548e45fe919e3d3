/**
 * The API channel's delivery-log types, inferred from the server's zod schemas so the web
 * client never restates a server shape. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type { Delivery as DeliverySchema, DeliveryPage as DeliveryPageSchema } from "../server/deliveries.schemas.ts";

/** One webhook delivery attempt as GET /channels/api/deliveries lists it. */
export type Delivery = z.infer<typeof DeliverySchema>;
export type DeliveryPage = z.infer<typeof DeliveryPageSchema>;
