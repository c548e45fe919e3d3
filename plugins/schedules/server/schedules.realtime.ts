import type { Realtime } from "../../../core/realtime/realtime.ts";
import type { ScheduleEvent, ScheduleView } from "../shared/schedule-types.ts";

/**
 * `company-{id}-schedule` (spec 000 §8) with `{ action, schedule }`, or `{ action: "delete",
 * scheduleId }`. Every user of the company sees the company's schedules, so the whole
 * namespace receives them.
 */
export class ScheduleFeed {
  constructor(private realtime: Realtime) {}

  changed(action: "create" | "update", schedule: ScheduleView): void {
    this.send(schedule.companyId, { action, schedule });
  }

  deleted(companyId: number, scheduleId: number): void {
    this.send(companyId, { action: "delete", scheduleId });
  }

  private send(companyId: number, payload: ScheduleEvent): void {
    this.realtime.emit(companyId, `company-${companyId}-schedule`, payload);
  }
}
