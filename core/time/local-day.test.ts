import { describe, expect, it } from "vitest";
import { localDate, startOfLocalDay, startOfNextLocalDay } from "./local-day.ts";
import { nextLocalTime } from "./next-local-time.ts";

const iso = (n: number | null) => (n === null ? null : new Date(n).toISOString());
const at = Date.parse;

describe("local days", () => {
  it("a day starts at local midnight and the next one 24 hours later on ordinary days", () => {
    expect(iso(startOfLocalDay(at("2026-11-23T15:00:00Z"), "America/Sao_Paulo"))).toBe("2026-11-23T03:00:00.000Z");
    expect(iso(startOfNextLocalDay(at("2026-11-23T15:00:00Z"), "America/Sao_Paulo"))).toBe("2026-11-24T03:00:00.000Z");
    expect(iso(startOfLocalDay(at("2026-11-23T15:00:00Z"), "Asia/Kolkata"))).toBe("2026-11-22T18:30:00.000Z");
    expect(localDate(at("2026-11-22T22:30:00Z"), "Europe/Istanbul")).toBe("2026-11-23");
  });

  it("New York: the March Sunday lasts 23 hours, the November Sunday 25; the start is midnight even after the jump", () => {
    expect(iso(startOfLocalDay(at("2026-03-08T20:00:00Z"), "America/New_York"))).toBe("2026-03-08T05:00:00.000Z");
    expect(iso(startOfNextLocalDay(at("2026-03-08T20:00:00Z"), "America/New_York"))).toBe("2026-03-09T04:00:00.000Z");
    expect(iso(startOfLocalDay(at("2026-11-01T20:00:00Z"), "America/New_York"))).toBe("2026-11-01T04:00:00.000Z");
    expect(iso(startOfNextLocalDay(at("2026-11-01T20:00:00Z"), "America/New_York"))).toBe("2026-11-02T05:00:00.000Z");
  });

  it("São Paulo 2018: midnight was skipped, so that day began when the clock jumped to 01:00", () => {
    expect(iso(startOfNextLocalDay(at("2018-11-03T20:00:00Z"), "America/Sao_Paulo"))).toBe("2018-11-04T03:00:00.000Z");
    expect(iso(startOfLocalDay(at("2018-11-04T20:00:00Z"), "America/Sao_Paulo"))).toBe("2018-11-04T03:00:00.000Z");
  });
});

describe("nextLocalTime", () => {
  const weekdays = (d: number) => d >= 1 && d <= 5;

  it("today when still ahead (or now), else the next accepted day", () => {
    // Monday 2026-11-23 08:00 in São Paulo is 11:00Z.
    expect(iso(nextLocalTime(at("2026-11-23T10:00:00Z"), 8 * 60, "America/Sao_Paulo"))).toBe("2026-11-23T11:00:00.000Z");
    expect(iso(nextLocalTime(at("2026-11-23T11:00:00Z"), 8 * 60, "America/Sao_Paulo"))).toBe("2026-11-23T11:00:00.000Z");
    expect(iso(nextLocalTime(at("2026-11-23T11:00:01Z"), 8 * 60, "America/Sao_Paulo"))).toBe("2026-11-24T11:00:00.000Z");
    // From Friday evening, weekdays only: Monday.
    expect(iso(nextLocalTime(at("2026-11-27T22:00:00Z"), 8 * 60, "America/Sao_Paulo", weekdays))).toBe("2026-11-30T11:00:00.000Z");
    expect(nextLocalTime(at("2026-11-27T22:00:00Z"), 8 * 60, "America/Sao_Paulo", () => false)).toBeNull();
  });

  it("across jumps: New York's 09:00 moves an hour in UTC, a skipped 02:30 comes at the jump, Adelaide keeps its half hour", () => {
    expect(iso(nextLocalTime(at("2026-03-07T15:00:00Z"), 9 * 60, "America/New_York"))).toBe("2026-03-08T13:00:00.000Z");
    expect(iso(nextLocalTime(at("2026-03-08T00:00:00Z"), 150, "America/New_York"))).toBe("2026-03-08T07:00:00.000Z");
    expect(iso(nextLocalTime(at("2026-10-02T12:00:00Z"), 9 * 60, "Australia/Adelaide"))).toBe("2026-10-02T23:30:00.000Z");
    expect(iso(nextLocalTime(at("2026-10-03T12:00:00Z"), 9 * 60, "Australia/Adelaide"))).toBe("2026-10-03T22:30:00.000Z");
    // Istanbul, 2016-03-27: 03:00 became 04:00.
    expect(iso(nextLocalTime(at("2016-03-26T12:00:00Z"), 9 * 60, "Europe/Istanbul"))).toBe("2016-03-27T06:00:00.000Z");
  });
});
