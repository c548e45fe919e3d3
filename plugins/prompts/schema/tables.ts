import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../../../core/db/columns.ts";
import { companies } from "../../../core/db/tables.ts";
import { queuesKey } from "../../queues/schema/keys.contract.ts";

/**
 * A company's AI prompts (spec 002 §3 'OpenAI integration / Prompt'). The API key and the
 * speech key are sealed with the kernel's vault (never stored nor answered in clear).
 */
export const prompts = sqliteTable(
  "prompts",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The system message. */
    prompt: text("prompt").notNull(),
    /** Where the ticket goes when the assistant hands it to a human. */
    queueId: integer("queue_id").references(queuesKey, { onDelete: "set null" }),
    model: text("model").notNull().default("gpt-4o-mini"),
    maxTokens: integer("max_tokens").notNull().default(100),
    temperature: real("temperature").notNull().default(1),
    maxMessages: integer("max_messages").notNull().default(10),
    /** `texto` (text only) or an Azure neural voice name. */
    voice: text("voice").notNull().default("texto"),
    voiceKeySealed: text("voice_key_sealed"),
    voiceRegion: text("voice_region"),
    apiKeySealed: text("api_key_sealed").notNull(),
    /** The last 4 characters of the key, to show which key is stored. */
    apiKeyHint: text("api_key_hint").notNull().default(""),
    /** Token usage the API reported for this prompt, summed. */
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("prompts_company_idx").on(t.companyId, t.name)],
);

/**
 * What a customer's audio message said, transcribed once for the assistant (the message id is
 * the tickets plugin's; no foreign key across plugins: a transcript of a deleted message is
 * never read again). The next turns read it instead of asking the API again.
 */
export const promptTranscripts = sqliteTable(
  "prompt_transcripts",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    messageId: integer("message_id").notNull(),
    text: text("text").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("prompt_transcripts_message_idx").on(t.messageId)],
);

/**
 * The token usage of each answered customer message, once: a bot turn that runs again for the
 * same message (its job retried, or an attendant took the ticket meanwhile) adds nothing more
 * to the prompt's sums.
 */
export const promptUsage = sqliteTable(
  "prompt_usage",
  {
    id: id(),
    promptId: integer("prompt_id")
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    /** The customer message the turn answered (the tickets plugin's id; no foreign key across plugins). */
    messageId: integer("message_id").notNull(),
    promptTokens: integer("prompt_tokens").notNull(),
    completionTokens: integer("completion_tokens").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("prompt_usage_message_idx").on(t.promptId, t.messageId)],
);
