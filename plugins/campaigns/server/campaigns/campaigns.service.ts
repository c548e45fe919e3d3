import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { users } from "../../../../core/db/tables.ts";
import { AppError } from "../../../../core/errors.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import type { Storage } from "../../../../core/storage/storage.ts";
import { campaigns, contactLists } from "../../schema/tables.ts";
import { queuesView } from "../../schema/views.ts";
import type { CampaignFeeds } from "../campaigns.realtime.ts";
import type { CampaignRunner } from "../shipping/campaign-runner.ts";
import { parseInstant } from "../shipping/send-window.ts";
import type { CampaignRow, CampaignView, CampaignViews } from "./campaign-views.ts";
import { type CampaignFields, MEDIA_MAX_BYTES } from "./campaigns.schemas.ts";

/** Spec 002 §4.1: a scheduled campaign stays editable until 1 hour before its time. */
export const EDIT_LOCK_MS = 60 * 60 * 1000;

const MESSAGE_KEYS = [1, 2, 3, 4, 5].flatMap((n) => [`message${n}`, `confirmationMessage${n}`]) as (keyof CampaignFields)[];

/** New campaign defaults (spec 002 §4.1): INATIVA, openTicket disabled, statusTicket closed. */
const DEFAULTS = {
  confirmation: false,
  scheduledAt: null,
  contactListId: null,
  tagListId: null,
  userId: null,
  queueId: null,
  statusTicket: "closed",
  openTicket: "disabled",
} as const;

type Writable = Omit<CampaignRow, "id" | "companyId" | "status" | "completedAt" | "mediaPath" | "mediaName" | "mediaType" | "run" | "createdAt" | "updatedAt">;

/**
 * The rules about campaigns (spec 002 §3–§5): the company's own connection, list, tag, user
 * and queue; the §4.1 edit window; the transitions a user causes (save with a time →
 * PROGRAMADA, cancel, restart). What happens at its time is the runner's.
 */
export class CampaignsService {
  constructor(
    private db: Db,
    private services: Services,
    private storage: Storage,
    private views: CampaignViews,
    private feeds: CampaignFeeds,
    private runner: CampaignRunner,
    private now: () => number = Date.now,
  ) {}

  page(companyId: number, q: { searchParam: string; pageNumber: number }) {
    return this.views.page(companyId, q);
  }

  async get(companyId: number, id: number): Promise<CampaignView> {
    const view = await this.views.one(companyId, id);
    if (!view) throw new AppError("ERR_NO_CAMPAIGN_FOUND");
    return view;
  }

  async create(companyId: number, input: CampaignFields): Promise<CampaignView> {
    const values = await this.settle(companyId, { ...DEFAULTS, ...withoutUnset(input) } as Writable);
    const row = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(campaigns)
        .values({ ...values, companyId, status: values.scheduledAt ? "PROGRAMADA" : "INATIVA" })
        .returning();
      if (row!.scheduledAt) await this.runner.scheduleStart(row!, tx);
      return row!;
    });
    return this.announce("create", row);
  }

  /**
   * Spec 002 §4.1: any field while INATIVA or PROGRAMADA more than 1 hour ahead; only the
   * messages while CANCELADA (the dialog keeps save and message editing); nothing otherwise.
   */
  async update(companyId: number, id: number, changes: CampaignFields): Promise<CampaignView> {
    const row = await this.find(companyId, id);
    let set: Partial<CampaignRow>;
    if (this.editable(row)) {
      const values = await this.settle(companyId, { ...pick(row), ...withoutUnset(changes) } as Writable);
      set = { ...values, status: values.scheduledAt ? "PROGRAMADA" : "INATIVA" };
    } else if (row.status === "CANCELADA") {
      set = Object.fromEntries(MESSAGE_KEYS.filter((k) => changes[k] !== undefined).map((k) => [k, changes[k]]));
      if (!Object.keys(set).length) return this.get(companyId, id);
    } else throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
    const updated = await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(campaigns)
        .set(set)
        // Conditional: the runner may have started it since it was read.
        .where(and(eq(campaigns.id, id), eq(campaigns.status, row.status)))
        .returning();
      if (!updated) throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
      if (updated.status === "PROGRAMADA" && updated.scheduledAt) await this.runner.scheduleStart(updated, tx);
      return updated;
    });
    return this.announce("update", updated);
  }

  async remove(companyId: number, id: number): Promise<void> {
    const [row] = await this.db
      .delete(campaigns)
      .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)))
      .returning();
    if (!row) throw new AppError("ERR_NO_CAMPAIGN_FOUND");
    // A sent message points at the same file: keep it unless nothing was ever sent.
    if (row.mediaPath && row.run === 0) await this.storage.remove(`company${companyId}/${row.mediaPath}`);
    this.feeds.campaignDeleted(companyId, id);
  }

  /** POST /campaigns/{id}/cancel: only while EM_ANDAMENTO; no message leaves after it commits. */
  async cancel(companyId: number, id: number): Promise<CampaignView> {
    await this.find(companyId, id);
    const [row] = await this.db
      .update(campaigns)
      .set({ status: "CANCELADA" })
      .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id), eq(campaigns.status, "EM_ANDAMENTO")))
      .returning();
    if (!row) throw new AppError("ERR_CAMPAIGN_NOT_IN_PROGRESS");
    return this.announce("update", row);
  }

  /** POST /campaigns/{id}/restart: only while CANCELADA; continues with the rows not yet sent. */
  async restart(companyId: number, id: number): Promise<CampaignView> {
    await this.find(companyId, id);
    const row = await this.runner.restart(companyId, id);
    if (!row) throw new AppError("ERR_CAMPAIGN_NOT_CANCELLED");
    return this.announce("update", row);
  }

  /** Stores the attachment (any type, up to 20 MB; spaces in its name become underscores), replacing one before. */
  async attach(companyId: number, id: number, file: File): Promise<CampaignView> {
    const row = await this.find(companyId, id);
    if (!this.editable(row) && row.status !== "CANCELADA") throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
    const stored = await this.storage.save(companyId, file, { maxBytes: MEDIA_MAX_BYTES });
    const [updated] = await this.db
      .update(campaigns)
      .set({ mediaPath: stored.fileName, mediaName: stored.originalName.replace(/\s+/g, "_"), mediaType: stored.mimetype })
      .where(eq(campaigns.id, id))
      .returning();
    if (row.mediaPath && row.run === 0) await this.storage.remove(`company${companyId}/${row.mediaPath}`);
    return this.announce("update", updated!);
  }

  async detach(companyId: number, id: number): Promise<CampaignView> {
    const row = await this.find(companyId, id);
    if (!this.editable(row) && row.status !== "CANCELADA") throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
    const [updated] = await this.db.update(campaigns).set({ mediaPath: null, mediaName: null, mediaType: null }).where(eq(campaigns.id, id)).returning();
    if (row.mediaPath && row.run === 0) await this.storage.remove(`company${companyId}/${row.mediaPath}`);
    return this.announce("update", updated!);
  }

  private editable(row: CampaignRow): boolean {
    if (row.status === "INATIVA") return true;
    return row.status === "PROGRAMADA" && row.scheduledAt != null && new Date(row.scheduledAt).getTime() - this.now() > EDIT_LOCK_MS;
  }

  private async find(companyId: number, id: number): Promise<CampaignRow> {
    const [row] = await this.db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)))
      .limit(1);
    if (!row) throw new AppError("ERR_NO_CAMPAIGN_FOUND");
    return row;
  }

  /** Checks what the values point to (all the company's), the user/queue rule, and normalises the time. */
  private async settle(companyId: number, v: Writable): Promise<Writable> {
    const fields: Record<string, string> = {};
    let scheduledAt: string | null = null;
    if (v.scheduledAt) {
      // A wall-clock time is read in the company's time zone (campaign settings).
      const at = parseInstant(v.scheduledAt, await this.runner.timeZoneOf(companyId));
      if (!at) fields.scheduledAt = "Invalid date";
      else scheduledAt = at.toISOString();
    }
    const opens = v.openTicket === "enabled";
    const out: Writable = { ...v, scheduledAt, userId: opens ? v.userId : null, queueId: opens ? v.queueId : null };
    // Spec 002 §5: a queue is required when a user is chosen.
    if (out.userId != null && out.queueId == null) fields.queueId = "Required";
    if (scheduledAt && out.contactListId == null && out.tagListId == null) fields.contactListId = "Required";
    if (Object.keys(fields).length) throw new AppError("ERR_VALIDATION", { fields });
    if (out.whatsappId == null) throw new AppError("ERR_VALIDATION", { fields: { whatsappId: "Required" } });
    if (!(await this.services.require("connections.get")(companyId, out.whatsappId))) throw new AppError("ERR_NO_WAPP_FOUND");
    if (out.contactListId != null) {
      const [list] = await this.db
        .select({ id: contactLists.id })
        .from(contactLists)
        .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, out.contactListId)))
        .limit(1);
      if (!list) throw new AppError("ERR_NO_CONTACT_LIST_FOUND");
    }
    if (out.tagListId != null && !(await this.services.require("tags.ownIds")(companyId, [out.tagListId])).length)
      throw new AppError("ERR_VALIDATION", { fields: { tagListId: "Invalid value" } });
    if (out.queueId != null) {
      const [queue] = await this.db
        .select({ id: queuesView.id })
        .from(queuesView)
        .where(and(eq(queuesView.id, out.queueId), eq(queuesView.companyId, companyId)))
        .limit(1);
      if (!queue) throw new AppError("ERR_VALIDATION", { fields: { queueId: "Invalid value" } });
    }
    if (out.userId != null) {
      const [user] = await this.db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, [out.userId]), eq(users.companyId, companyId)))
        .limit(1);
      if (!user) throw new AppError("ERR_NO_USER_FOUND");
    }
    return out;
  }

  private async announce(action: "create" | "update", row: CampaignRow): Promise<CampaignView> {
    const view = await this.get(row.companyId, row.id);
    this.feeds.campaign(row.companyId, action, view);
    return view;
  }
}

function pick(row: CampaignRow): Writable {
  const { id: _i, companyId: _c, status: _s, completedAt: _ca, mediaPath: _mp, mediaName: _mn, mediaType: _mt, run: _r, createdAt: _cr, updatedAt: _u, ...fields } = row;
  return fields;
}

function withoutUnset<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}
