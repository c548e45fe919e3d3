import { and, asc, eq, sql } from "drizzle-orm";
import type { Vault } from "../../../core/auth/vault.ts";
import type { Db } from "../../../core/db/database.ts";
import type { UserRow } from "../../../core/db/rows.ts";
import { AppError } from "../../../core/errors.ts";
import type { Realtime } from "../../../core/realtime/realtime.ts";
import { promptUsage, prompts } from "../schema/tables.ts";
import { queuesView } from "../schema/views.ts";
import { isMaskedKey, maskKey } from "../shared/prompt-rules.ts";

export type PromptRow = typeof prompts.$inferSelect;
type Caller = Pick<UserRow, "id" | "companyId" | "profile">;

export interface PromptInput {
  name: string;
  prompt: string;
  queueId: number;
  apiKey: string;
  model: string;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  voice: string;
  voiceKey?: string | null;
  voiceRegion?: string | null;
}
export type PromptPatch = Partial<PromptInput>;

/** What the assistant needs of a prompt: the row with its keys opened. */
export type OpenedPrompt = PromptRow & { apiKey: string; voiceKey: string | null };

const notFound = () => new AppError("ERR_NO_PROMPT_FOUND");
const hintOf = (key: string) => key.slice(-4);

/**
 * The rules about prompts (spec 002 §3, §5, §7): company-scoped, the queue must be the
 * company's, keys sealed at rest and answered masked to admins only, live on
 * `company-{id}-prompt`, token usage summed per prompt.
 */
export class PromptsService {
  constructor(
    private db: Db,
    private vault: Pick<Vault, "seal" | "openText">,
    private realtime: Realtime,
  ) {}

  async list(user: Caller) {
    const rows = await this.rows(user.companyId);
    return rows.map((r) => this.view(r.prompt, r.queueName, user));
  }

  async show(user: Caller, id: number) {
    const [row] = await this.rows(user.companyId, id);
    if (!row) throw notFound();
    return this.view(row.prompt, row.queueName, user);
  }

  async exists(companyId: number, id: number): Promise<boolean> {
    return Boolean(await this.row(companyId, id));
  }

  /** The prompt with its keys opened, for the assistant; null when it is not the company's. */
  async opened(companyId: number, id: number): Promise<OpenedPrompt | null> {
    const row = await this.row(companyId, id);
    if (!row) return null;
    return { ...row, apiKey: await this.vault.openText(row.apiKeySealed), voiceKey: row.voiceKeySealed ? await this.vault.openText(row.voiceKeySealed) : null };
  }

  async create(user: Caller, input: PromptInput) {
    await this.checkQueue(user.companyId, input.queueId);
    const { apiKey, voiceKey, ...fields } = input;
    const [row] = await this.db
      .insert(prompts)
      .values({
        ...fields,
        voiceRegion: fields.voiceRegion || null,
        companyId: user.companyId,
        apiKeySealed: await this.vault.seal(apiKey),
        apiKeyHint: hintOf(apiKey),
        voiceKeySealed: voiceKey ? await this.vault.seal(voiceKey) : null,
      })
      .returning({ id: prompts.id });
    return this.announce("create", user, row!.id);
  }

  async update(user: Caller, id: number, patch: PromptPatch) {
    const stored = await this.row(user.companyId, id);
    if (!stored) throw notFound();
    if (patch.queueId !== undefined) await this.checkQueue(user.companyId, patch.queueId);
    const { apiKey, voiceKey, ...fields } = patch;
    const set: Partial<typeof prompts.$inferInsert> = { ...fields };
    if (fields.voiceRegion !== undefined) set.voiceRegion = fields.voiceRegion || null;
    // The masked key the API answered, sent back by the dialog, keeps the stored one.
    if (apiKey !== undefined && !isMaskedKey(apiKey)) Object.assign(set, { apiKeySealed: await this.vault.seal(apiKey), apiKeyHint: hintOf(apiKey) });
    if (voiceKey !== undefined && !isMaskedKey(voiceKey ?? "")) set.voiceKeySealed = voiceKey ? await this.vault.seal(voiceKey) : null;
    await this.db.update(prompts).set(set).where(eq(prompts.id, id));
    return this.announce("update", user, id);
  }

  async remove(user: Caller, id: number): Promise<void> {
    if (!(await this.row(user.companyId, id))) throw notFound();
    await this.db.delete(prompts).where(eq(prompts.id, id));
    this.realtime.emit(user.companyId, topic(user.companyId), { action: "delete", promptId: id });
  }

  /**
   * Adds what the API reported for the turn that answered `messageId`, once per message: a
   * turn run again for the same message finds its ledger row and adds nothing (best effort:
   * a usage the API did not report adds nothing).
   */
  async addUsage(id: number, messageId: number, usage: { promptTokens: number; completionTokens: number }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [first] = await tx
        .insert(promptUsage)
        .values({ promptId: id, messageId, ...usage })
        .onConflictDoNothing()
        .returning({ id: promptUsage.id });
      if (!first) return;
      await tx
        .update(prompts)
        .set({ promptTokens: sql`${prompts.promptTokens} + ${usage.promptTokens}`, completionTokens: sql`${prompts.completionTokens} + ${usage.completionTokens}` })
        .where(eq(prompts.id, id));
    });
  }

  private async checkQueue(companyId: number, queueId: number) {
    const [queue] = await this.db
      .select({ id: queuesView.id })
      .from(queuesView)
      .where(and(eq(queuesView.companyId, companyId), eq(queuesView.id, queueId)))
      .limit(1);
    if (!queue) throw new AppError("ERR_VALIDATION", { fields: { queueId: "Informe o setor" } });
  }

  private async row(companyId: number, id: number): Promise<PromptRow | null> {
    const [row] = await this.db
      .select()
      .from(prompts)
      .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)))
      .limit(1);
    return row ?? null;
  }

  private rows(companyId: number, id?: number) {
    return this.db
      .select({ prompt: prompts, queueName: queuesView.name })
      .from(prompts)
      .leftJoin(queuesView, and(eq(queuesView.id, prompts.queueId), eq(queuesView.companyId, prompts.companyId)))
      .where(and(eq(prompts.companyId, companyId), id === undefined ? undefined : eq(prompts.id, id)))
      .orderBy(asc(sql`lower(${prompts.name})`), asc(prompts.id));
  }

  private view(row: PromptRow, queueName: string | null, user: Caller) {
    const { apiKeySealed: _key, apiKeyHint, voiceKeySealed, ...fields } = row;
    return {
      ...fields,
      queue: row.queueId && queueName !== null ? { id: row.queueId, name: queueName } : null,
      apiKey: user.profile === "admin" ? maskKey(apiKeyHint) : null,
      hasVoiceKey: Boolean(voiceKeySealed),
      totalTokens: row.promptTokens + row.completionTokens,
    };
  }

  private async announce(action: "create" | "update", user: Caller, id: number) {
    const record = await this.show(user, id);
    // Everyone in the company hears it: the key in it is only the admins' mask (users' lists show none).
    this.realtime.emit(user.companyId, topic(user.companyId), { action, prompt: { ...record, apiKey: null } });
    return record;
  }
}

const topic = (companyId: number) => `company-${companyId}-prompt`;
