import { and, asc, count, eq, like, or, sql } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import type { Vault } from "../../../core/auth/vault.ts";
import { AppError } from "../../../core/errors.ts";
import type { OutboundGuard } from "../../../core/net/outbound-guard.ts";
import type { Realtime } from "../../../core/realtime/realtime.ts";
import type { BotQueueDefinition, ChatbotOption } from "../../queues/server/queues.contract.ts";
import { queueIntegrations } from "../schema/tables.ts";
import { REQUIRED_FIELDS, type IntegrationType, type QueueIntegration } from "../shared/integration-types.ts";
import { connectionsNaming } from "./connection-integrations.ts";
import { parseServiceAccount } from "./runtime/dialogflow-client.ts";

export type IntegrationRow = typeof queueIntegrations.$inferSelect;
/** A stored integration with its secret opened, for the runtime (never answered to a client). */
export type OpenIntegration = Omit<IntegrationRow, "jsonContent"> & { secret: string };

type Fields = Omit<IntegrationRow, "id" | "companyId" | "createdAt" | "updatedAt">;
export type IntegrationInput = Omit<Fields, "jsonContent"> & { jsonContent?: string };
export type IntegrationPatch = Partial<IntegrationInput>;

const PAGE_SIZE = 20;

/** What the routes answer: the secret never leaves the server. */
export function view(row: IntegrationRow): QueueIntegration {
  return { ...row, jsonContent: "", hasJsonContent: row.jsonContent !== "" };
}

/** Every option of a tree, flattened. */
const allOptions = (options: ChatbotOption[]): ChatbotOption[] => options.flatMap((o) => [o, ...allOptions(o.options)]);

/**
 * The rules about queue integrations (spec 002 §5): each type's required fields, base URLs
 * through the internal-address guard, the secret sealed at rest, and no deleting one that a
 * queue, a chatbot option or a connection still names.
 */
export class IntegrationsService {
  constructor(
    private db: Db,
    private vault: Pick<Vault, "seal" | "openText">,
    private guard: Pick<OutboundGuard, "check">,
    private realtime: Pick<Realtime, "emit">,
    private queuesOf: (companyId: number) => Promise<BotQueueDefinition[]>,
  ) {}

  async page(companyId: number, q: { searchParam: string; pageNumber: number }) {
    const term = q.searchParam.trim().toLowerCase();
    const where = and(
      eq(queueIntegrations.companyId, companyId),
      term ? or(like(sql`lower(${queueIntegrations.name})`, `%${term}%`), like(queueIntegrations.type, `%${term}%`)) : undefined,
    );
    const rows = await this.db
      .select()
      .from(queueIntegrations)
      .where(where)
      .orderBy(asc(sql`lower(${queueIntegrations.name})`), asc(queueIntegrations.id))
      .limit(PAGE_SIZE)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(queueIntegrations).where(where);
    const n = total?.n ?? 0;
    return { queueIntegrations: rows.map(view), count: n, hasMore: q.pageNumber * PAGE_SIZE < n };
  }

  async show(companyId: number, id: number): Promise<QueueIntegration> {
    return view(await this.row(companyId, id));
  }

  async exists(companyId: number, id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: queueIntegrations.id })
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)));
    return Boolean(row);
  }

  /** The integration with its secret opened, or null (the runtime's read). */
  async open(companyId: number, id: number): Promise<OpenIntegration | null> {
    const [row] = await this.db
      .select()
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)));
    if (!row) return null;
    const { jsonContent, ...rest } = row;
    let secret = "";
    try {
      secret = jsonContent ? await this.vault.openText(jsonContent) : "";
    } catch {
      secret = ""; // sealed with another key: as if none were stored
    }
    return { ...rest, secret };
  }

  async create(companyId: number, input: IntegrationInput): Promise<QueueIntegration> {
    const secret = input.jsonContent ?? "";
    await this.validate({ ...input, jsonContent: secret }, secret);
    const [row] = await this.db
      .insert(queueIntegrations)
      .values({ ...input, companyId, jsonContent: secret ? await this.vault.seal(secret) : "" })
      .returning();
    const answer = view(row!);
    this.announce(companyId, "create", answer);
    return answer;
  }

  async update(companyId: number, id: number, patch: IntegrationPatch): Promise<QueueIntegration> {
    const stored = await this.row(companyId, id);
    const { jsonContent, ...rest } = patch;
    const merged: Fields = { ...stored, ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) };
    // Absent: the stored secret stays (it is never sent to the dialog); "" clears it.
    let sealed = stored.jsonContent;
    let secret: string | null = null;
    if (jsonContent !== undefined) {
      secret = jsonContent;
      sealed = jsonContent ? await this.vault.seal(jsonContent) : "";
    }
    await this.validate({ ...merged, jsonContent: secret ?? (stored.jsonContent ? "(stored)" : "") }, secret);
    const [row] = await this.db
      .update(queueIntegrations)
      .set({ ...merged, jsonContent: sealed })
      .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)))
      .returning();
    const answer = view(row!);
    this.announce(companyId, "update", answer);
    return answer;
  }

  /**
   * Refused (ERR_INTEGRATION_IN_USE, naming who uses it) while a queue, a chatbot option or a
   * connection names it: nulling their fields would silently change another plugin's
   * configuration, and those plugins validate the id when their forms are saved anyway.
   */
  async remove(companyId: number, id: number): Promise<void> {
    await this.row(companyId, id);
    const users = await this.usersOf(companyId, id);
    if (users.length) throw new AppError("ERR_INTEGRATION_IN_USE", { usedBy: users });
    await this.db.delete(queueIntegrations).where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)));
    this.realtime.emit(companyId, `company-${companyId}-queueIntegration`, { action: "delete", integrationId: id, queueIntegrationId: id });
  }

  /** Who names the integration: "queue X", "option Y of queue X", "connection Z". */
  private async usersOf(companyId: number, id: number): Promise<string[]> {
    const users: string[] = [];
    for (const q of await this.queuesOf(companyId)) {
      if (q.integrationId === id) users.push(`queue ${q.name}`);
      for (const o of allOptions(q.options)) if (o.queueType === "integration" && o.optIntegrationId === id) users.push(`option ${o.name} (queue ${q.name})`);
    }
    for (const name of await connectionsNaming(this.db, companyId, id)) users.push(`connection ${name}`);
    return users;
  }

  private async row(companyId: number, id: number): Promise<IntegrationRow> {
    const [row] = await this.db
      .select()
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)));
    if (!row) throw new AppError("ERR_NO_INTEGRATION_FOUND");
    return row;
  }

  /**
   * Each type's required fields (spec 002 §5), a base URL the guard allows, a service account
   * that parses (checked when a new one is given: `secret` non-null).
   */
  private async validate(fields: Pick<Fields, "type" | "urlN8N" | "typebotSlug" | "projectName"> & { jsonContent: string }, secret: string | null) {
    const errors: Record<string, string> = {};
    for (const key of REQUIRED_FIELDS[fields.type as IntegrationType]) if (!fields[key].trim()) errors[key] = "Required";
    if (fields.type === "flowbuilder" && fields.projectName.trim() && !/^\d+$/.test(fields.projectName.trim())) errors.projectName = "Invalid flow";
    if (fields.type === "dialogflow" && secret) {
      const problem = parseServiceAccount(secret).problem;
      if (problem) errors.jsonContent = problem;
    }
    if (Object.keys(errors).length) throw new AppError("ERR_VALIDATION", { fields: errors });
    if (fields.urlN8N.trim() && ["n8n", "webhook", "typebot"].includes(fields.type)) await this.guard.check(fields.urlN8N.trim(), "urlN8N");
  }

  private announce(companyId: number, action: "create" | "update", queueIntegration: QueueIntegration) {
    this.realtime.emit(companyId, `company-${companyId}-queueIntegration`, { action, queueIntegration });
  }
}
