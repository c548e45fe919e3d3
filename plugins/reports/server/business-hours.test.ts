import { describe, expect, it } from "vitest";
import { defaultOfficeHours, type OfficeHours } from "../../office-hours/office-hours.contract.ts";
import { BusinessCalendar, businessSeconds } from "./business-hours.ts";

/*
 * Business-hours durations by hand. São Paulo is UTC−3 all year (no daylight saving since
 * 2019): 08:00 there is 11:00Z. 2026-11-23 is a Monday.
 */
const SP = "America/Sao_Paulo";
const minutes = (week: readonly OfficeHours[], from: string, to: string, zone = SP) => businessSeconds(week, from, to, zone) / 60;
/** The default week (08–12, 13–18 every day) with Saturday and Sunday closed. */
const weekdays = defaultOfficeHours().map((d) =>
  d.weekdayEn === "saturday" || d.weekdayEn === "sunday" ? { ...d, startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" } : d,
);

describe("businessSeconds", () => {
  it("counts only the open part of a morning: 07:30–09:00 local is 60 minutes", () => {
    expect(minutes(defaultOfficeHours(), "2026-11-23T10:30:00Z", "2026-11-23T12:00:00Z")).toBe(60);
  });

  it("leaves the lunch break out: 11:50–13:10 local is 20 minutes", () => {
    expect(minutes(defaultOfficeHours(), "2026-11-23T14:50:00Z", "2026-11-23T16:10:00Z")).toBe(20);
  });

  it("overnight: 17:50 Monday to 08:10 Tuesday local is 20 minutes", () => {
    expect(minutes(defaultOfficeHours(), "2026-11-23T20:50:00Z", "2026-11-24T11:10:00Z")).toBe(20);
  });

  it("over a closed weekend: Friday 17:00 to Monday 09:00 local is 120 minutes", () => {
    // Friday 2026-11-27 17:00 local = 20:00Z; Monday 2026-11-30 09:00 local = 12:00Z.
    expect(minutes(weekdays, "2026-11-27T20:00:00Z", "2026-11-30T12:00:00Z")).toBe(120);
    // With the default week (open on weekends) the same span counts Saturday and Sunday too: 60 + 2 × 540 + 60.
    expect(minutes(defaultOfficeHours(), "2026-11-27T20:00:00Z", "2026-11-30T12:00:00Z")).toBe(1200);
  });

  it("reads the shifts on the zone's wall clock: the same instants in UTC count differently", () => {
    // 10:30Z–12:00Z is 10:30–12:00 on UTC's clock: 90 minutes open; in São Paulo 07:30–09:00: 60.
    expect(minutes(defaultOfficeHours(), "2026-11-23T10:30:00Z", "2026-11-23T12:00:00Z", "UTC")).toBe(90);
    expect(minutes(defaultOfficeHours(), "2026-11-23T10:30:00Z", "2026-11-23T12:00:00Z", "Asia/Tokyo")).toBe(0);
  });

  it("a shift across a daylight-saving jump lasts its real length", () => {
    // New York, Sunday 2026-03-08: 02:00 jumps to 03:00, so 01:00–04:00 is two real hours.
    const night = defaultOfficeHours().map((d) => ({ ...d, startTimeA: "01:00", endTimeA: "04:00", startTimeB: "", endTimeB: "" }));
    expect(minutes(night, "2026-03-08T00:00:00Z", "2026-03-09T00:00:00Z", "America/New_York")).toBe(120);
    // A week later, no jump: three hours.
    expect(minutes(night, "2026-03-15T00:00:00Z", "2026-03-16T00:00:00Z", "America/New_York")).toBe(180);
  });

  it("counts nothing for an empty week, a reversed span or zero length; an unknown zone throws", () => {
    const closed = defaultOfficeHours().map((d) => ({ ...d, startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" }));
    expect(minutes(closed, "2026-11-23T00:00:00Z", "2026-11-30T00:00:00Z")).toBe(0);
    expect(minutes(defaultOfficeHours(), "2026-11-24T12:00:00Z", "2026-11-23T12:00:00Z")).toBe(0);
    expect(minutes(defaultOfficeHours(), "2026-11-23T12:00:00Z", "2026-11-23T12:00:00Z")).toBe(0);
    expect(() => new BusinessCalendar(defaultOfficeHours(), "Mars/Olympus")).toThrow(RangeError);
  });

  it("a kept calendar answers the same as one-off calls, seconds exact", () => {
    const cal = new BusinessCalendar(defaultOfficeHours(), SP);
    expect(cal.seconds(Date.parse("2026-11-23T11:00:30Z"), Date.parse("2026-11-23T11:01:00Z"))).toBe(30);
    expect(cal.seconds(Date.parse("2026-11-23T20:50:00Z"), Date.parse("2026-11-24T11:10:00Z"))).toBe(1200);
  });
});
