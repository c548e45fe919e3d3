import { z } from "@hono/zod-openapi";

export const Card = z.object({ id: z.number().int(), title: z.string(), stamped: z.boolean(), createdAt: z.string(), updatedAt: z.string() }).openapi("ScratchCard");

export const CardInput = z.object({ title: z.string().trim().min(1).max(60) }).openapi("ScratchCardInput");
