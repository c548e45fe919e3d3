import { asc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../core/db/database.ts";
import { companySchedules } from "../schema/tables.ts";
import { defaultOfficeHours, type OfficeHours } from "../../office-hours/office-hours.contract.ts";

const pick = (r: OfficeHours): OfficeHours => ({
  weekday: r.weekday,
  weekdayEn: r.weekdayEn,
  startTimeA: r.startTimeA,
  endTimeA: r.endTimeA,
  startTimeB: r.startTimeB,
  endTimeB: r.endTimeB,
});

/**
 * A company's office hours (`company_schedules`). A company that never saved any (the
 * platform company, or one created before this plugin) works on the spec's defaults,
 * so readers always get a full week.
 */
export class SchedulesService {
  constructor(private db: Db) {}

  async get(companyId: number): Promise<OfficeHours[]> {
    const rows = await this.db.select().from(companySchedules).where(eq(companySchedules.companyId, companyId)).orderBy(asc(companySchedules.id));
    return rows.length ? rows.map(pick) : defaultOfficeHours();
  }

  /** Replaces the whole week at once (the form always sends every day). */
  async replace(companyId: number, schedules: OfficeHours[], tx?: DbOrTx): Promise<void> {
    const write = async (w: DbOrTx) => {
      await w.delete(companySchedules).where(eq(companySchedules.companyId, companyId));
      if (schedules.length) await w.insert(companySchedules).values(schedules.map((s) => ({ companyId, ...pick(s) })));
    };
    if (tx) await write(tx);
    else await this.db.transaction(write);
  }
}
