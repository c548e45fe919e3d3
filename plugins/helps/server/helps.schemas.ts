import { z } from "@hono/zod-openapi";

export const Help = z.object({ id: z.number(), title: z.string(), description: z.string(), video: z.string(), createdAt: z.string(), updatedAt: z.string() }).openapi("Help");

export const HelpInput = z
  .object({
    title: z.string().trim().min(1, "Required").max(200, "Too Long!"),
    description: z.string().max(5000, "Too Long!").optional().default(""),
    video: z.string().trim().max(200, "Too Long!").optional().default(""),
  })
  .openapi("HelpInput");

export const HelpPatch = HelpInput.partial().openapi("HelpPatch");
