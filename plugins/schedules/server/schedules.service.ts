import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import { users } from "../../../core/db/tables.ts";
import { AppError } from "../../../core/errors.ts";
import type { Services } from "../../../core/plugin/services.ts";
import type { Storage } from "../../../core/storage/storage.ts";
import type {} from "../../connections/server/connections.contract.ts";
import type {} from "../../contacts/server/contacts.contract.ts";
import { schedules } from "../schema/tables.ts";
import { queuesView } from "../schema/views.ts";
import type { ScheduleFields, ScheduleView } from "../shared/schedule-types.ts";
import { dueTime, parseSendAt } from "./recurrence.ts";
import type { ScheduleFeed } from "./schedules.realtime.ts";
import { MEDIA_MAX_BYTES } from "./schedules.schemas.ts";
import type { ScheduleRow, ScheduleViews } from "./schedule-views.ts";

type Caller = { id: number; companyId: number };
export type ScheduleChanges = Partial<ScheduleFields>;

/** The spec's dialog defaults (spec 000 §4): interval unit 1, times 1, day type 4, openTicket enabled, statusTicket closed. */
const DEFAULTS = {
  openTicket: "enabled",
  statusTicket: "closed",
  ticketUserId: null,
  queueId: null,
  whatsappId: null,
  intervalo: 1,
  valorIntervalo: 0,
  enviarQuantasVezes: 1,
  tipoDias: 4,
  assinar: false,
} as const;

type Settled = Omit<
  ScheduleRow,
  | "id"
  | "companyId"
  | "userId"
  | "sentAt"
  | "status"
  | "mediaPath"
  | "mediaName"
  | "mediaType"
  | "dueAt"
  | "occurrence"
  | "timesSent"
  | "attempts"
  | "lastError"
  | "createdAt"
  | "updatedAt"
>;

/**
 * The rules about schedules (spec 000 §3–§5): the company's own contact, connection, queue
 * and attendant; defaults; the recurrence's interval; no edit once sent. Sending is
 * schedule-sender.ts's. Handlers only translate HTTP to these calls.
 */
export class SchedulesService {
  constructor(
    private db: Db,
    private services: Services,
    private storage: Storage,
    private views: ScheduleViews,
    private feed: ScheduleFeed,
    private timeZone: string,
  ) {}

  page(companyId: number, q: { searchParam: string; pageNumber: number; contactId?: number | null; from?: string; to?: string }) {
    return this.views.page(companyId, q);
  }

  async get(companyId: number, id: number): Promise<ScheduleView> {
    const view = await this.views.one(companyId, id);
    if (!view) throw new AppError("ERR_NO_SCHEDULE_FOUND");
    return view;
  }

  async create(user: Caller, input: ScheduleFields): Promise<ScheduleView> {
    const values = await this.settle(user.companyId, { ...DEFAULTS, ...withoutUnset(input) } as Settled);
    const [row] = await this.db
      .insert(schedules)
      .values({ ...values, companyId: user.companyId, userId: user.id, dueAt: this.dueOf(values) })
      .returning();
    return this.announce("create", row!);
  }

  /** Any field; the schedule waits again (PENDENTE, attempts reset): editing is how an ERRO is fixed. */
  async update(companyId: number, id: number, changes: ScheduleChanges): Promise<ScheduleView> {
    const row = await this.unsent(companyId, id);
    const values = await this.settle(companyId, { ...pick(row), ...withoutUnset(changes) } as Settled);
    const [updated] = await this.db
      .update(schedules)
      .set({ ...values, status: "PENDENTE", dueAt: this.dueOf(values), occurrence: 0, attempts: 0, lastError: null })
      // Conditional: the sender may have sent it since it was read.
      .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id), isNull(schedules.sentAt)))
      .returning();
    if (!updated) throw new AppError("ERR_SCHEDULE_ALREADY_SENT");
    return this.announce("update", updated);
  }

  async remove(companyId: number, id: number): Promise<void> {
    const [row] = await this.db
      .delete(schedules)
      .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)))
      .returning();
    if (!row) throw new AppError("ERR_NO_SCHEDULE_FOUND");
    // A sent message points at the same file (nothing is copied): keep it for the conversation.
    if (row.mediaPath && row.timesSent === 0) await this.storage.remove(`company${companyId}/${row.mediaPath}`);
    this.feed.deleted(companyId, id);
  }

  /** Stores the attachment (any type, up to 20 MB) and replaces a previous one. */
  async attach(companyId: number, id: number, file: File): Promise<ScheduleView> {
    const row = await this.unsent(companyId, id);
    const stored = await this.storage.save(companyId, file, { maxBytes: MEDIA_MAX_BYTES });
    const updated = await this.setMedia(row, { mediaPath: stored.fileName, mediaName: stored.originalName, mediaType: stored.mimetype });
    if (!updated) {
      await this.storage.remove(stored.path);
      throw new AppError("ERR_SCHEDULE_ALREADY_SENT");
    }
    return this.announce("update", updated);
  }

  async detach(companyId: number, id: number): Promise<ScheduleView> {
    const row = await this.unsent(companyId, id);
    const updated = await this.setMedia(row, { mediaPath: null, mediaName: null, mediaType: null });
    if (!updated) throw new AppError("ERR_SCHEDULE_ALREADY_SENT");
    return this.announce("update", updated);
  }

  private async setMedia(row: ScheduleRow, media: Pick<ScheduleRow, "mediaPath" | "mediaName" | "mediaType">): Promise<ScheduleRow | null> {
    const [updated] = await this.db
      .update(schedules)
      .set(media)
      .where(and(eq(schedules.id, row.id), isNull(schedules.sentAt)))
      .returning();
    if (updated && row.mediaPath) await this.storage.remove(`company${row.companyId}/${row.mediaPath}`);
    return updated ?? null;
  }

  private async unsent(companyId: number, id: number): Promise<ScheduleRow> {
    const [row] = await this.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)))
      .limit(1);
    if (!row) throw new AppError("ERR_NO_SCHEDULE_FOUND");
    // Spec 000 §4: the dialog hides submit once sentAt is set; the API holds the same line.
    if (row.sentAt) throw new AppError("ERR_SCHEDULE_ALREADY_SENT");
    return row;
  }

  /**
   * Checks what the values point to (all the company's), normalises `sendAt` to an instant
   * and drops what a disabled openTicket disables (attendant, queue, signature).
   */
  private async settle(companyId: number, v: Settled): Promise<Settled> {
    const sendAt = parseSendAt(v.sendAt, this.timeZone);
    if (!sendAt) throw new AppError("ERR_VALIDATION", { fields: { sendAt: "Invalid date" } });
    if (v.enviarQuantasVezes > 1 && v.valorIntervalo < 1) throw new AppError("ERR_VALIDATION", { fields: { valorIntervalo: "Obrigatório" } });
    if (!(await this.services.require("contacts.get")(companyId, v.contactId))) throw new AppError("ERR_NO_CONTACT_FOUND");
    if (v.whatsappId != null && !(await this.services.require("connections.get")(companyId, v.whatsappId))) throw new AppError("ERR_NO_WAPP_FOUND");
    const opens = v.openTicket === "enabled";
    const out: Settled = { ...v, sendAt: sendAt.toISOString(), ticketUserId: opens ? v.ticketUserId : null, queueId: opens ? v.queueId : null, assinar: opens && v.assinar };
    if (out.queueId != null) {
      const [queue] = await this.db
        .select({ id: queuesView.id })
        .from(queuesView)
        .where(and(eq(queuesView.id, out.queueId), eq(queuesView.companyId, companyId)))
        .limit(1);
      if (!queue) throw new AppError("ERR_VALIDATION", { fields: { queueId: "Invalid value" } });
    }
    if (out.ticketUserId != null) {
      const [user] = await this.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, out.ticketUserId), eq(users.companyId, companyId)))
        .limit(1);
      if (!user) throw new AppError("ERR_NO_USER_FOUND");
    }
    return out;
  }

  private dueOf(v: Settled): number {
    return dueTime(new Date(v.sendAt), v.tipoDias, this.timeZone).getTime();
  }

  private async announce(action: "create" | "update", row: ScheduleRow): Promise<ScheduleView> {
    const view = await this.get(row.companyId, row.id);
    this.feed.changed(action, view);
    return view;
  }
}

/** The editable fields of a stored row. */
function pick(row: ScheduleRow): Settled {
  const {
    id: _i,
    companyId: _c,
    userId: _u,
    sentAt: _s,
    status: _st,
    mediaPath: _mp,
    mediaName: _mn,
    mediaType: _mt,
    dueAt: _d,
    occurrence: _o,
    timesSent: _t,
    attempts: _a,
    lastError: _l,
    createdAt: _ca,
    updatedAt: _ua,
    ...fields
  } = row;
  return fields;
}

/** Fields the client left out (undefined) do not override. */
function withoutUnset<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}
