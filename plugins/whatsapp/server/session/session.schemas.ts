import { z } from "@hono/zod-openapi";

export const StartSessionInput = z
  .object({
    phoneNumber: z
      .string()
      .max(32, "Invalid number")
      .optional()
      .openapi({ example: "5511999999999", description: "Pair by code instead of QR: the phone's number with country code (digits; other characters are ignored)." }),
  })
  .openapi("WhatsappSessionStart");

export const StartSessionAnswer = z
  .object({
    message: z.string(),
    pairingCode: z.string().optional().openapi({ example: "ABCD1234", description: "Typed on the phone under Linked devices > Link with phone number." }),
  })
  .openapi("WhatsappSessionStarted");
