import { z } from "@hono/zod-openapi";

/** Shared OpenAPI schemas: the error body, ids in paths, paging. */
export const ErrorSchema = z
  .object({
    error: z.string().openapi({ example: "ERR_NO_PERMISSION" }),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .openapi({ example: { name: "Too Short!" } }),
  })
  .passthrough()
  .openapi("Error");

/** A documented JSON answer: `responses: { 200: jsonResponse(User, "The user") }`. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });

/** A required JSON request body: `request: { ...jsonBody(UserInput) }`. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });

export const errorResponse = (description: string) => ({
  content: { "application/json": { schema: ErrorSchema } },
  description,
});

/** The error answers every guarded route may give, documented once. */
export const standardErrors = {
  400: errorResponse("Validation failed (ERR_VALIDATION with fields)"),
  401: errorResponse("No token (ERR_SESSION_EXPIRED)"),
  402: errorResponse("The company's subscription is overdue (ERR_SUBSCRIPTION_EXPIRED)"),
  403: errorResponse("Invalid token, disabled company (ERR_COMPANY_INACTIVE), no permission or feature not in the plan"),
  404: errorResponse("Not found"),
} as const;

/**
 * A record id in a URL path: plain decimal digits, no sign, no leading zero, within the
 * safe integer range. `z.coerce.number()` would also read "0x10", " 1" (from "%201"),
 * "1e3" or "+1" as numbers, so one record would answer to many spellings.
 * @example
 *   export const ContactIdParam = z.object({ contactId: pathId("contactId") });
 */
export const pathId = (name: string, message = "Invalid id") =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, message)
    .transform(Number)
    .refine(Number.isSafeInteger, message)
    .openapi({ param: { name, in: "path" }, type: "integer", minimum: 1, example: 1 });

export const IdParam = z.object({ id: pathId("id") });

/**
 * A partial update must change something: `{}` (or only unknown fields, which are
 * dropped) answers ERR_VALIDATION instead of reaching the database as an UPDATE
 * without columns.
 * @example
 *   export const TagPatch = nonEmptyPatch(z.object({ name: z.string().optional() })).openapi("TagPatch");
 */
export const nonEmptyPatch = <T extends z.ZodObject>(schema: T) => schema.refine((value) => Object.values(value).some((v) => v !== undefined), { message: "Nothing to update" });

export const PageQuery = z.object({
  searchParam: z.string().optional().default(""),
  pageNumber: z.coerce.number().int().min(1).optional().default(1),
});

export const MessageSchema = z.object({ message: z.string() }).openapi("Message");

/** A multipart file field, documented as binary. */
export const FileField = z
  .custom<File>((v) => typeof File !== "undefined" && v instanceof File, "Required")
  .openapi({
    type: "string",
    format: "binary",
  });

/** Booleans sent by forms as "true"/"false" strings. */
export const BoolLike = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);
