import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import type { UserRow } from "../../../core/db/rows.ts";
import { AppError } from "../../../core/errors.ts";
import { fold } from "../shared/flow-engine.ts";
import { flowCampaigns, flows } from "../schema/tables.ts";

type Caller = Pick<UserRow, "id" | "companyId">;
export type FlowCampaignRow = typeof flowCampaigns.$inferSelect;

const view = ({ phraseKey: _key, ...row }: FlowCampaignRow) => row;

/**
 * Phrase campaigns (spec 002 §2.9, §3 Flow campaign, §7): a phrase that starts a flow on a
 * connection (or any). The phrase is stored folded too (`phraseKey`), so the receive unit
 * matches a customer's message with one index lookup.
 */
export class FlowCampaignsService {
  constructor(
    private db: Db,
    private connectionExists: (companyId: number, id: number) => Promise<boolean>,
    /** The company's phrases changed (the start rules' in-process set is dropped). */
    private changed: (companyId: number) => void = () => {},
  ) {}

  async list(user: Caller) {
    const rows = await this.db.select().from(flowCampaigns).where(eq(flowCampaigns.companyId, user.companyId)).orderBy(desc(flowCampaigns.id)).limit(1000);
    return { flow: rows.map(view) };
  }

  async show(user: Caller, id: number) {
    return { details: view(await this.owned(user.companyId, id)) };
  }

  async create(user: Caller, input: { name: string; phrase: string; flowId: number; whatsappId?: number | null; status: boolean }) {
    await this.checkRefs(user.companyId, input.flowId, input.whatsappId ?? null);
    const [row] = await this.db
      .insert(flowCampaigns)
      .values({
        companyId: user.companyId,
        name: input.name,
        phrase: input.phrase,
        phraseKey: fold(input.phrase),
        flowId: input.flowId,
        whatsappId: input.whatsappId ?? null,
        status: input.status,
      })
      .returning();
    this.changed(user.companyId);
    return view(row!);
  }

  async update(user: Caller, input: { id: number; name?: string; phrase?: string; flowId?: number; whatsappId?: number | null; status?: boolean }) {
    const row = await this.owned(user.companyId, input.id);
    await this.checkRefs(user.companyId, input.flowId ?? row.flowId, input.whatsappId === undefined ? null : input.whatsappId);
    const changes = {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.phrase === undefined ? {} : { phrase: input.phrase, phraseKey: fold(input.phrase) }),
      ...(input.flowId === undefined ? {} : { flowId: input.flowId }),
      ...(input.whatsappId === undefined ? {} : { whatsappId: input.whatsappId }),
      ...(input.status === undefined ? {} : { status: input.status }),
    };
    // Nothing to change (a body with only the id): the campaign as it is, not an empty UPDATE.
    if (!Object.keys(changes).length) return view(row);
    const [updated] = await this.db.update(flowCampaigns).set(changes).where(eq(flowCampaigns.id, row.id)).returning();
    this.changed(user.companyId);
    return view(updated!);
  }

  async remove(user: Caller, id: number) {
    await this.owned(user.companyId, id);
    await this.db.delete(flowCampaigns).where(eq(flowCampaigns.id, id));
    this.changed(user.companyId);
  }

  private async checkRefs(companyId: number, flowId: number, whatsappId: number | null) {
    const [flow] = await this.db
      .select({ id: flows.id })
      .from(flows)
      .where(and(eq(flows.id, flowId), eq(flows.companyId, companyId)))
      .limit(1);
    if (!flow) throw new AppError("ERR_VALIDATION", { fields: { flowId: "Invalid flow" } });
    if (whatsappId !== null && !(await this.connectionExists(companyId, whatsappId))) throw new AppError("ERR_VALIDATION", { fields: { whatsappId: "Invalid connection" } });
  }

  private async owned(companyId: number, id: number): Promise<FlowCampaignRow> {
    const [row] = await this.db
      .select()
      .from(flowCampaigns)
      .where(and(eq(flowCampaigns.id, id), eq(flowCampaigns.companyId, companyId)))
      .limit(1);
    if (!row) throw new AppError("ERR_NO_FLOW_CAMPAIGN_FOUND");
    return row;
  }
}
