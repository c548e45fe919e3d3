import { z } from "@hono/zod-openapi";

/**
 * Loose values that clients written for the spec send, each read with the meaning those
 * clients intend (issue 11, "Clients written for the spec"). Every helper admits only the
 * spellings it names: anything else is still a validation error, so nothing that would
 * store nonsense gets through. Field-level messages of the wrapped schemas are kept.
 */

/**
 * A boolean that also takes `1`/`0` and `"true"`/`"false"`: spec clients send `read: 1`.
 * @example
 *   z.object({ read: LooseBool.optional().default(false) }).parse({ read: 1 }); // { read: true }
 */
export const LooseBool = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(["true", "false"])], "Invalid value").transform((v) => v === true || v === 1 || v === "true");

/**
 * A switch where `null` means off: spec clients send `null` for a switch nobody touched.
 * @example
 *   const enableImportMessage = offWhenNull(BoolLike); // null -> false, "true" -> true
 */
export const offWhenNull = <T extends z.ZodType<boolean>>(schema: T) =>
  schema
    .nullable()
    .transform((v): boolean => v ?? false)
    .openapi({ description: "null means off" });

/** The empties spec clients send for "no record": `false`, `""`, `null`, `[]` and `0`. */
const isNoRef = (v: unknown) => v === false || v === "" || v === null || v === 0 || (Array.isArray(v) && v.length === 0);

/**
 * An optional reference to another record (a connection, a lane, a queue …): a positive
 * integer (a decimal string too, as form selects send it), or null for none, which clients
 * spell `false`, `""`, `null`, `[]` or `0`. `true`, `"0x10"` or `[3]` stay errors.
 * @example
 *   z.object({ whatsappId: OptionalRefId }).parse({ whatsappId: false }); // { whatsappId: null }
 */
export const OptionalRefId = z
  .preprocess(
    (v) => (isNoRef(v) ? null : typeof v === "string" && /^[1-9]\d{0,14}$/.test(v) ? Number(v) : v),
    z.number("Invalid value").int("Invalid value").positive("Invalid value").nullable(),
  )
  .openapi({ description: 'A record id; false, "", null, [] or 0 mean none (null)' });

/**
 * `schema`, optional, where `""` and `null` (a form field left empty) mean "not given": the
 * default applies on create and nothing changes on edit.
 * @example
 *   const recurrence = emptyAsUnset(z.enum(["MENSAL", "ANUAL"])); // "" -> undefined
 */
export const emptyAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional()).openapi({ description: '"" or null mean not given' });
