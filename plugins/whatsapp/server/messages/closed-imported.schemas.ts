import { z } from "@hono/zod-openapi";

export const ClosedImported = z
  .object({
    message: z.string().openapi({ example: "Imported tickets closed" }),
    closed: z.number().int().openapi({ description: "How many imported tickets were still live and are now closed", example: 12 }),
  })
  .openapi("ClosedImported");
