import { describe, expect, it } from "vitest";
import { isOpenAt, nextOpening } from "../shared/open-at.ts";
import { defaultOfficeHours, type OfficeHours } from "../shared/week.ts";

const at = (iso: string) => new Date(iso);
const week = defaultOfficeHours();
/** A week open only on the given days; the others are left out (closed). */
const only = (days: Record<string, [string, string, string?, string?]>): OfficeHours[] =>
  Object.entries(days).map(([weekdayEn, [startTimeA, endTimeA, startTimeB = "", endTimeB = ""]]) => ({
    weekday: weekdayEn,
    weekdayEn,
    startTimeA,
    endTimeA,
    startTimeB,
    endTimeB,
  }));

// 2026-11-23 is a Monday.
describe("isOpenAt: shift boundaries (start inclusive, end exclusive)", () => {
  it("opens at the start's first instant and closes at the end's", () => {
    expect(isOpenAt(week, at("2026-11-23T07:59:59Z"), "UTC")).toBe(false);
    expect(isOpenAt(week, at("2026-11-23T08:00:00Z"), "UTC")).toBe(true);
    expect(isOpenAt(week, at("2026-11-23T11:59:59Z"), "UTC")).toBe(true);
    expect(isOpenAt(week, at("2026-11-23T12:00:00Z"), "UTC")).toBe(false);
  });

  it("the gap between the two shifts is closed, the second shift open", () => {
    expect(isOpenAt(week, at("2026-11-23T12:30:00Z"), "UTC")).toBe(false);
    expect(isOpenAt(week, at("2026-11-23T13:00:00Z"), "UTC")).toBe(true);
    expect(isOpenAt(week, at("2026-11-23T17:59:00Z"), "UTC")).toBe(true);
    expect(isOpenAt(week, at("2026-11-23T18:00:00Z"), "UTC")).toBe(false);
  });
});

describe("isOpenAt: time zones", () => {
  it("America/Sao_Paulo (UTC-3, no daylight saving)", () => {
    expect(isOpenAt(week, at("2026-11-23T10:59:00Z"), "America/Sao_Paulo")).toBe(false);
    expect(isOpenAt(week, at("2026-11-23T11:00:00Z"), "America/Sao_Paulo")).toBe(true);
    expect(isOpenAt(week, at("2026-11-23T20:59:00Z"), "America/Sao_Paulo")).toBe(true);
    expect(isOpenAt(week, at("2026-11-23T21:00:00Z"), "America/Sao_Paulo")).toBe(false);
  });

  it("Europe/Istanbul (UTC+3), where the weekday changes before UTC's", () => {
    expect(isOpenAt(week, at("2026-11-23T05:00:00Z"), "Europe/Istanbul")).toBe(true);
    expect(isOpenAt(week, at("2026-11-23T04:59:00Z"), "Europe/Istanbul")).toBe(false);
    // Sunday 22:30 UTC is Monday 01:30 in Istanbul.
    const mondayNight = only({ monday: ["00:00", "02:00"] });
    expect(isOpenAt(mondayNight, at("2026-11-22T22:30:00Z"), "Europe/Istanbul")).toBe(true);
    expect(isOpenAt(mondayNight, at("2026-11-22T22:30:00Z"), "UTC")).toBe(false);
  });

  it("Europe/Lisbon follows daylight saving: 08:00 is 07:00 UTC in summer time, 08:00 UTC after the change", () => {
    // Summer time ends on Sunday 2026-10-25 at 01:00 UTC.
    expect(isOpenAt(week, at("2026-10-23T07:00:00Z"), "Europe/Lisbon")).toBe(true);
    expect(isOpenAt(week, at("2026-10-23T06:59:00Z"), "Europe/Lisbon")).toBe(false);
    expect(isOpenAt(week, at("2026-10-26T07:30:00Z"), "Europe/Lisbon")).toBe(false);
    expect(isOpenAt(week, at("2026-10-26T08:00:00Z"), "Europe/Lisbon")).toBe(true);
  });

  it("an unknown time zone is refused", () => {
    expect(() => isOpenAt(week, at("2026-11-23T08:00:00Z"), "Mars/Olympus")).toThrow(RangeError);
  });
});

describe("isOpenAt: closed days and shifts that cannot open", () => {
  it("a day whose two shifts are empty, or missing from the week, is closed", () => {
    const closedSunday = defaultOfficeHours().map((d) => (d.weekdayEn === "sunday" ? { ...d, startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" } : d));
    expect(isOpenAt(closedSunday, at("2026-11-22T10:00:00Z"), "UTC")).toBe(false);
    expect(isOpenAt(closedSunday, at("2026-11-23T10:00:00Z"), "UTC")).toBe(true);
    const noSaturday = defaultOfficeHours().filter((d) => d.weekdayEn !== "saturday");
    expect(isOpenAt(noSaturday, at("2026-11-21T10:00:00Z"), "UTC")).toBe(false);
    expect(isOpenAt([], at("2026-11-23T10:00:00Z"), "UTC")).toBe(false);
  });

  it("one shift alone opens; a stored overnight, half or malformed shift never does", () => {
    const afternoonOnly = only({ monday: ["", "", "14:00", "16:00"] });
    expect(isOpenAt(afternoonOnly, at("2026-11-23T15:00:00Z"), "UTC")).toBe(true);
    expect(isOpenAt(afternoonOnly, at("2026-11-23T10:00:00Z"), "UTC")).toBe(false);
    for (const broken of [only({ monday: ["22:00", "02:00"] }), only({ monday: ["08:00", ""] }), only({ monday: ["8h", "18:00"] })]) {
      expect(isOpenAt(broken, at("2026-11-23T23:00:00Z"), "UTC")).toBe(false);
      expect(isOpenAt(broken, at("2026-11-23T10:00:00Z"), "UTC")).toBe(false);
    }
  });
});

describe("nextOpening", () => {
  it("is the instant itself while open, the next shift's start otherwise", () => {
    expect(nextOpening(week, at("2026-11-23T09:15:30Z"), "UTC")?.toISOString()).toBe("2026-11-23T09:15:30.000Z");
    expect(nextOpening(week, at("2026-11-23T12:00:00Z"), "UTC")?.toISOString()).toBe("2026-11-23T13:00:00.000Z");
    expect(nextOpening(week, at("2026-11-23T07:59:30Z"), "UTC")?.toISOString()).toBe("2026-11-23T08:00:00.000Z");
    // Saturday 18:30 in São Paulo: Sunday 08:00 there.
    expect(nextOpening(week, at("2026-11-21T21:30:00Z"), "America/Sao_Paulo")?.toISOString()).toBe("2026-11-22T11:00:00.000Z");
  });

  it("skips closed days, up to the same weekday a week later; null when nothing ever opens", () => {
    const mondays = only({ monday: ["08:00", "12:00"] });
    expect(nextOpening(mondays, at("2026-11-23T12:00:00Z"), "Europe/Istanbul")?.toISOString()).toBe("2026-11-30T05:00:00.000Z");
    expect(nextOpening(mondays, at("2026-11-25T12:00:00Z"), "UTC")?.toISOString()).toBe("2026-11-30T08:00:00.000Z");
    expect(nextOpening([], at("2026-11-23T12:00:00Z"), "UTC")).toBeNull();
    expect(nextOpening(only({ monday: ["", ""] }), at("2026-11-23T12:00:00Z"), "UTC")).toBeNull();
  });

  it("crosses Lisbon's daylight-saving changes at the real instant", () => {
    // Summer time starts on Sunday 2026-03-29 at 01:00 UTC (01:00 -> 02:00); Sunday 08:00 is then 07:00 UTC.
    expect(nextOpening(week, at("2026-03-28T18:00:00Z"), "Europe/Lisbon")?.toISOString()).toBe("2026-03-29T07:00:00.000Z");
    // It ends on Sunday 2026-10-25 at 01:00 UTC (02:00 -> 01:00); Sunday 08:00 is then 08:00 UTC.
    expect(nextOpening(week, at("2026-10-24T17:00:00Z"), "Europe/Lisbon")?.toISOString()).toBe("2026-10-25T08:00:00.000Z");
  });

  it("a shift starting in the skipped hour opens when the clock jumps; in the repeated hour, at its first occurrence", () => {
    const sundayNight = only({ sunday: ["01:30", "03:00"] });
    expect(nextOpening(sundayNight, at("2026-03-28T12:00:00Z"), "Europe/Lisbon")?.toISOString()).toBe("2026-03-29T01:00:00.000Z");
    expect(isOpenAt(sundayNight, at("2026-03-29T00:59:00Z"), "Europe/Lisbon")).toBe(false);
    expect(nextOpening(sundayNight, at("2026-10-24T12:00:00Z"), "Europe/Lisbon")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });
});
