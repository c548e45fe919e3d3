import { z } from "@hono/zod-openapi";
import { BoolLike } from "../../../core/http/schemas.ts";

const required = (max: number) => z.string("Required").trim().min(1, "Required").max(max, "Too Long!");
/** Meta's tokens are printable ASCII: anything else could not even travel in the Authorization header. */
const token = required(1024).regex(/^[\x21-\x7e]+$/, "Invalid token");
/** Graph ids are digits. */
const graphId = z.string("Required").trim().min(1, "Required").max(64, "Too Long!").regex(/^\d+$/, "Invalid value");

/** Spec 001 §7: the web's Facebook login hands over the user's id and token. */
export const FacebookLinkInput = z
  .object({
    facebookUserId: graphId,
    facebookUserToken: token,
    addInstagram: BoolLike.optional().default(false),
  })
  .openapi("FacebookLinkInput");
export type FacebookLinkInput = z.infer<typeof FacebookLinkInput>;

export const WhatsappApiInput = z
  .object({
    name: z.string("Required").trim().min(1, "Required").min(2, "Too Short!").max(50, "Too Long!"),
    phoneNumberId: graphId,
    wabaId: z.preprocess((v) => (v === "" || v === null ? undefined : v), graphId.optional()),
    accessToken: token,
  })
  .openapi("WhatsappApiInput");
export type WhatsappApiInput = z.infer<typeof WhatsappApiInput>;

const Queue = z.object({ id: z.number(), name: z.string(), color: z.string() });

/**
 * A connection as `POST /whatsapp` answers it (the connections plugin's `Connection`
 * shape, redeclared: a plugin does not import another's schemas). `queues`/`queueIds`
 * come with newly created connections; a re-linked one is answered from its row.
 */
export const MetaConnection = z
  .object({
    id: z.number(),
    companyId: z.number(),
    name: z.string(),
    channel: z.string(),
    status: z.string(),
    number: z.string(),
    qrcode: z.string(),
    retries: z.number(),
    isDefault: z.boolean(),
    token: z.string().optional(),
    provider: z.string(),
    webhookUrl: z.string(),
    greetingMessage: z.string(),
    greetingMediaAttachment: z.string().nullable(),
    queues: z.array(Queue).optional(),
    queueIds: z.array(z.number()).optional(),
    updatedAt: z.string(),
  })
  .passthrough()
  .openapi("MetaConnection");

export const FacebookLinkResult = z
  .object({
    message: z.literal("ok"),
    connections: z.array(MetaConnection),
    /** Accounts another company has linked already: left alone. */
    skipped: z.array(z.object({ id: z.string(), name: z.string(), channel: z.string(), reason: z.string() })),
  })
  .openapi("FacebookLinkResult");
