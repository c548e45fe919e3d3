/**
 * The chatbot option tree, written once (spec 001 §3 'Chatbot option', §5 'Queue'): the zod
 * schemas of an option as written (POST/PUT /queue `chatbots`, /chatbot) and as answered, with
 * the spec's validation messages. The server's routes validate with them, the web's editor types
 * and the bot's contract (`queues.forBot`) are inferred from them; nothing restates the fields.
 * The web imports this file for types only (nothing of zod is bundled).
 */
import { z } from "@hono/zod-openapi";
import { OptionalRefId } from "../../../core/http/loose-values.ts";
import { BoolLike } from "../../../core/http/schemas.ts";
import { CHATBOT_TYPES, OPTION_NAME_MAX, OPTION_NAME_MIN, type ChatbotType } from "./queue-rules.ts";

/** At most this many options on one level (the whole tree is bounded by the service). */
export const MAX_SIBLINGS = 50;

/** What each option type must name: its target field (text names nothing). */
export const OPTION_TARGET = {
  queue: "optQueueId",
  attendent: "optUserId",
  integration: "optIntegrationId",
  file: "optFileId",
} as const satisfies Partial<Record<ChatbotType, string>>;

/** One field of an option as written, each with the spec's message. */
export const optionFields = {
  name: z.string("Required").trim().min(1, "Required").min(OPTION_NAME_MIN, "Too Short!").max(OPTION_NAME_MAX, "Too Long!"),
  /** Sent when the option is chosen; needed to move to the next level. */
  greetingMessage: z.string("Invalid value").max(5000, "Too Long!"),
  queueType: z.enum(CHATBOT_TYPES, "Invalid value"),
  closeTicket: BoolLike,
  /** The target of a `queue` option: a queue of the company. */
  optQueueId: OptionalRefId,
  /** The target of an `attendent` option: a user of the company. */
  optUserId: OptionalRefId,
  /** The target of an `integration` option: an id of the `integration` reference kind (queues.registerReference). */
  optIntegrationId: OptionalRefId,
  /** The target of a `file` option: an id of the `fileList` reference kind. */
  optFileId: OptionalRefId,
};

/** The option fields a row stores and an answer carries (besides id, place and steps). */
export const OPTION_FIELD_KEYS = Object.keys(optionFields) as (keyof typeof optionFields)[];

type OptionRuleView = { greetingMessage?: string; queueType?: ChatbotType; options?: unknown[] } & Partial<
  Record<(typeof OPTION_TARGET)[keyof typeof OPTION_TARGET], number | null>
>;

/**
 * Rules of one option, as field -> message: a step with a next level needs its message (the
 * spec: 'the option message is required to move to the next level'), and each type names its
 * target. Used by the schemas below and by the service on a partial change (PUT /chatbot/{id}).
 */
export function optionProblems(opt: OptionRuleView, hasSteps = !!opt.options?.length): Record<string, string> {
  const problems: Record<string, string> = {};
  if (hasSteps && !opt.greetingMessage?.trim()) problems.greetingMessage = "Required";
  const target = opt.queueType && opt.queueType !== "text" ? OPTION_TARGET[opt.queueType] : undefined;
  if (target && !opt[target]) problems[target] = "Required";
  return problems;
}

/** Zod's side of `optionProblems`. */
export function checkOption(opt: OptionRuleView, ctx: z.RefinementCtx) {
  for (const [path, message] of Object.entries(optionProblems(opt))) ctx.addIssue({ code: "custom", path: [path], message });
}

/** An option's own fields as written (defaults applied when omitted): the tree's options and `POST /chatbot` share them. */
export const optionWriteShape = {
  name: optionFields.name,
  greetingMessage: optionFields.greetingMessage.optional().default(""),
  queueType: optionFields.queueType.optional().default("text"),
  closeTicket: optionFields.closeTicket.optional().default(false),
  optQueueId: optionFields.optQueueId.optional().default(null),
  optUserId: optionFields.optUserId.optional().default(null),
  optIntegrationId: optionFields.optIntegrationId.optional().default(null),
  optFileId: optionFields.optFileId.optional().default(null),
};
/** An option as written, without its steps. */
const optionInputShape = { id: z.number().int().positive().optional(), ...optionWriteShape };
type OptionInputObject = z.ZodObject<typeof optionInputShape>;

// TypeScript cannot infer a recursive zod schema through its own initializer: the one-level
// shapes above are inferred, and only the nesting (`options`) is named here.
/** An option as the server reads a write (defaults applied), with its next steps. */
export type ChatbotOptionInput = z.infer<OptionInputObject> & { options: ChatbotOptionInput[] };
/** An option as a client sends it (defaults optional). */
export type ChatbotOptionPayload = z.input<OptionInputObject> & { options?: ChatbotOptionPayload[] };

/** An option as written: an `id` keeps an existing option of the same subtree, nested `options` are its next steps. */
export const ChatbotOptionInputSchema: z.ZodType<ChatbotOptionInput, ChatbotOptionPayload> = z
  .object({
    ...optionInputShape,
    get options() {
      return z.array(ChatbotOptionInputSchema).max(MAX_SIBLINGS, "Too many options").optional().default([]);
    },
  })
  .superRefine(checkOption)
  .openapi("ChatbotOptionInput");

/** An option as answered, without its steps. */
const optionAnswerShape = {
  id: z.number(),
  queueId: z.number(),
  parentId: z.number().nullable(),
  position: z.number(),
  name: z.string(),
  greetingMessage: z.string(),
  queueType: z.enum(CHATBOT_TYPES),
  closeTicket: z.boolean(),
  optQueueId: z.number().nullable(),
  optUserId: z.number().nullable(),
  optIntegrationId: z.number().nullable(),
  optFileId: z.number().nullable(),
};
/** An option as answered (GET /queue/{id} `chatbots`, /chatbot, `queues.forBot`), with its place in the tree and its nested steps. */
export type ChatbotOption = z.infer<z.ZodObject<typeof optionAnswerShape>> & { options: ChatbotOption[] };

export const ChatbotOptionSchema: z.ZodType<ChatbotOption> = z
  .object({
    ...optionAnswerShape,
    get options() {
      return z.array(ChatbotOptionSchema);
    },
  })
  .openapi("ChatbotOption");
