import { rm } from "node:fs/promises";
import { join } from "node:path";
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../core/db/database.ts";
import type { CompanyAccess } from "../../../core/auth/company-access.ts";
import type { PlanRow, UserRow } from "../../../core/db/rows.ts";
import { companies, companySettings, plans, type Recurrence } from "../../../core/db/tables.ts";
import type { PlanFeatureKey, PlanFeatureRegistry } from "../../../core/plugin/plan-features.ts";
import { AppError } from "../../../core/errors.ts";
import type { Logger } from "../../../core/log.ts";
import { PLATFORM_DUE_DATE } from "../../../core/seed.ts";
import type { SettingsService } from "../../../core/settings/settings.ts";
import type { Storage } from "../../../core/storage/storage.ts";
import { renewDueDate } from "../shared/renew.ts";
import { CAMPAIGNS_ENABLED_SETTING, campaignsEnabledData, campaignsEnabledOf } from "../../campaigns/campaigns.contract.ts";
import type { CreateCompanyInput } from "./companies.contract.ts";
import type { CompanyPatchData } from "./companies.schemas.ts";
import type { CompanyRow } from "./companies.types.ts";
import { createCompany, ensureNameFree, type CompanyFormExtras } from "./company-create.ts";
import { isForeignKeyViolation, uniqueViolation } from "../../../core/db/errors.ts";
import type { SchedulesService } from "./schedules.service.ts";

/** The platform company: it runs everything, never expires and cannot be deleted. */
export const PLATFORM_COMPANY_ID = 1;
const PAGE_SIZE = 20;

type PlanSummary = { id: number; name: string; amount: number };
/** A company as the API answers it: its row, its plan's summary, and its campaigns switch (the campaigns plugin's company setting). */
export type CompanyView = CompanyRow & { plan: PlanSummary | null; campaignsEnabled: boolean };

/** `%term%` for LIKE with the user's own % and _ taken literally. */
const likeTerm = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The rules about companies; handlers only translate HTTP to these calls. */
export class CompaniesService {
  constructor(
    private db: Db,
    private settings: SettingsService,
    private storage: Storage,
    readonly schedules: SchedulesService,
    private log: Logger,
    /** Told after every write that can change whether a company may work (status, due date, existence). */
    private access: CompanyAccess,
    /** The plan features (the plans plugin's): listPlan answers each as a boolean on the plan. */
    private planFeatures: Pick<PlanFeatureRegistry, "forCompany">,
  ) {}

  /** Companies with their plan's name and price and their campaigns switch, filtered and ordered. */
  private async select(where?: SQL, page?: { limit: number; offset: number }): Promise<CompanyView[]> {
    const q = this.db
      .select({ company: companies, plan: { id: plans.id, name: plans.name, amount: plans.amount }, campaigns: companySettings.data })
      .from(companies)
      .leftJoin(plans, eq(companies.planId, plans.id))
      // The spec answers `campaignsEnabled` on the company; the setting's row is the company's (kernel table, unique per column).
      .leftJoin(companySettings, and(eq(companySettings.companyId, companies.id), eq(companySettings.column, CAMPAIGNS_ENABLED_SETTING)))
      .where(where)
      .orderBy(page ? desc(companies.id) : asc(companies.name));
    const rows = page ? await q.limit(page.limit).offset(page.offset) : await q;
    return rows.map((r) => ({ ...r.company, plan: r.plan?.id ? r.plan : null, campaignsEnabled: campaignsEnabledOf(r.campaigns) }));
  }

  listAll(): Promise<CompanyView[]> {
    return this.select();
  }

  /** A page of companies, newest first, searched by name, e-mail, phone or document. */
  async page(searchParam: string, pageNumber: number) {
    const s = searchParam.trim();
    const term = likeTerm(s);
    const where = s
      ? sql`(${companies.name} LIKE ${term} ESCAPE '\\' OR ${companies.email} LIKE ${term} ESCAPE '\\' OR ${companies.phone} LIKE ${term} ESCAPE '\\' OR ${companies.document} LIKE ${term} ESCAPE '\\')`
      : undefined;
    const list = await this.select(where, { limit: PAGE_SIZE, offset: (pageNumber - 1) * PAGE_SIZE });
    const [total] = await this.db.select({ n: count() }).from(companies).where(where);
    const n = total?.n ?? 0;
    return { companies: list, count: n, hasMore: pageNumber * PAGE_SIZE < n };
  }

  /** The page plus each company's stored media: bytes, file count and last change. */
  async pageWithUsage(searchParam: string, pageNumber: number) {
    const page = await this.page(searchParam, pageNumber);
    const withUsage = await Promise.all(page.companies.map(async (c) => ({ ...c, ...(await this.storage.usage(c.id)) })));
    return { ...page, companies: withUsage };
  }

  async get(id: number): Promise<CompanyView> {
    const [row] = await this.select(eq(companies.id, id));
    if (!row) throw new AppError("ERR_NO_COMPANY_FOUND");
    return row;
  }

  async detail(id: number) {
    const company = await this.get(id);
    return { ...company, schedules: await this.schedules.get(id) };
  }

  /** The `companies.create` service and POST /companies. */
  async create(input: CreateCompanyInput & CompanyFormExtras) {
    const created = await createCompany(this.db, this.settings, this.schedules, input);
    // A new row may reuse the id of a deleted company the cache still remembers.
    await this.access.invalidate(created.company.id);
    return created;
  }

  async update(id: number, patch: CompanyPatchData): Promise<CompanyView> {
    await this.get(id);
    if (patch.name !== undefined) await ensureNameFree(this.db, patch.name, id);
    if (patch.planId !== undefined) await this.planById(patch.planId);
    const { campaignsEnabled, ...columns } = patch;
    const changes: Partial<typeof companies.$inferInsert> = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
    // Company 1 runs the platform: its due date is fixed far in the future, whatever a form sends.
    if (id === PLATFORM_COMPANY_ID) changes.dueDate = PLATFORM_DUE_DATE;
    if (Object.keys(changes).length) {
      try {
        await this.db.update(companies).set(changes).where(eq(companies.id, id));
      } catch (err) {
        if (uniqueViolation(err) === "companies_name_unique") throw new AppError("ERR_DUPLICATED_NAME", { fields: { name: "ERR_DUPLICATED_NAME" } });
        throw err;
      }
      await this.access.invalidate(id);
    }
    if (campaignsEnabled !== undefined) await this.settings.setCompany(id, CAMPAIGNS_ENABLED_SETTING, campaignsEnabledData(campaignsEnabled));
    return this.get(id);
  }

  /**
   * Deletes a company; its users, settings and office hours go with it through the
   * foreign keys' ON DELETE CASCADE, and its stored media folder is removed afterwards.
   */
  async remove(id: number, by: UserRow): Promise<void> {
    if (id === PLATFORM_COMPANY_ID) throw new AppError("ERR_PROTECTED_RECORD");
    if (by.companyId === id) throw new AppError("ERR_CANNOT_DELETE_SELF");
    await this.get(id);
    try {
      await this.db.delete(companies).where(eq(companies.id, id));
    } catch (err) {
      // Another plugin's row points at this company without cascading: refuse clearly, change nothing.
      if (isForeignKeyViolation(err)) throw new AppError("ERR_PROTECTED_RECORD", { reason: "ERR_COMPANY_IN_USE" });
      throw err;
    }
    await this.access.invalidate(id);
    try {
      await rm(join(this.storage.root, `company${id}`), { recursive: true, force: true });
    } catch (err) {
      this.log.warn(`could not remove the media folder of deleted company ${id}`, err);
    }
  }

  /** Moves the due date one recurrence period forward from the later of today and the current due date. */
  async renew(id: number): Promise<CompanyView> {
    await this.renewIn(this.db, id);
    await this.access.invalidate(id);
    return this.get(id);
  }

  /** The renewal itself, in the caller's transaction (billing renews with its invoice); the caller invalidates the access cache after commit. */
  async renewIn(tx: DbOrTx, id: number): Promise<{ dueDate: string; recurrence: Recurrence }> {
    if (id === PLATFORM_COMPANY_ID) throw new AppError("ERR_PROTECTED_RECORD");
    const [company] = await tx.select({ dueDate: companies.dueDate, recurrence: companies.recurrence }).from(companies).where(eq(companies.id, id)).limit(1);
    if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");
    const dueDate = renewDueDate(company.dueDate, company.recurrence);
    await tx.update(companies).set({ dueDate }).where(eq(companies.id, id));
    return { dueDate, recurrence: company.recurrence };
  }

  /** The company with its whole plan (every limit, and every declared feature's boolean) nested under `plan`. */
  async withPlan(companyId: number): Promise<CompanyView & { plan: PlanRow & Record<PlanFeatureKey, boolean> }> {
    const company = await this.get(companyId);
    if (!company.planId) throw new AppError("ERR_NO_PLAN_FOUND");
    const plan = await this.planById(company.planId);
    const features = (await this.planFeatures.forCompany(companyId)) as Record<PlanFeatureKey, boolean> | null;
    return { ...company, plan: { ...plan, ...features } as PlanRow & Record<PlanFeatureKey, boolean> };
  }

  private async planById(planId: number): Promise<PlanRow> {
    const [plan] = await this.db.select().from(plans).where(eq(plans.id, planId)).limit(1);
    if (!plan) throw new AppError("ERR_NO_PLAN_FOUND", { fields: { planId: "Plano é obrigatório" } });
    return plan;
  }
}
