import { describe, expect, it } from "vitest";
import { isTimeZone } from "./time-zone.ts";
import { minuteOfDay, wallClock, wallMs } from "./wall-clock.ts";

const at = (iso: string) => Date.parse(iso);

describe("wallClock", () => {
  it("reads date, weekday and time in the zone: late Friday in São Paulo is Saturday in UTC", () => {
    expect(wallClock(at("2030-03-09T01:00:00Z"), "America/Sao_Paulo")).toEqual({ year: 2030, month: 3, day: 8, hour: 22, minute: 0, second: 0, weekday: 5 });
    expect(wallClock(new Date("2030-03-09T01:00:00Z"), "UTC").weekday).toBe(6);
    // Sunday 22:30 UTC is Monday 01:30 in Istanbul (UTC+3).
    expect(wallClock(at("2026-11-22T22:30:45Z"), "Europe/Istanbul")).toMatchObject({ day: 23, hour: 1, minute: 30, second: 45, weekday: 1 });
  });

  it("follows the IANA history: São Paulo kept summer time until 2019, Istanbul left +2 in 2016", () => {
    expect(wallClock(at("2018-12-01T12:00:00Z"), "America/Sao_Paulo").hour).toBe(10);
    expect(wallClock(at("2026-12-01T12:00:00Z"), "America/Sao_Paulo").hour).toBe(9);
    expect(wallClock(at("2015-12-01T12:00:00Z"), "Europe/Istanbul").hour).toBe(14);
    expect(wallClock(at("2026-12-01T12:00:00Z"), "Europe/Istanbul").hour).toBe(15);
  });

  it("half-hour zones: Kolkata +05:30, Adelaide +09:30 / +10:30 in summer", () => {
    expect(minuteOfDay(wallClock(at("2026-06-01T00:00:00Z"), "Asia/Kolkata"))).toBe(5 * 60 + 30);
    expect(wallClock(at("2026-06-01T00:00:00Z"), "Australia/Adelaide")).toMatchObject({ hour: 9, minute: 30 });
    expect(wallClock(at("2026-12-01T00:00:00Z"), "Australia/Adelaide")).toMatchObject({ hour: 10, minute: 30 });
  });

  it("wallMs writes the clock as UTC, dropping the milliseconds; an unknown zone throws a RangeError", () => {
    expect(wallMs(at("2026-11-23T11:00:00.999Z"), "America/Sao_Paulo")).toBe(Date.UTC(2026, 10, 23, 8, 0, 0));
    expect(() => wallClock(0, "Mars/Olympus")).toThrow(RangeError);
  });
});

describe("isTimeZone", () => {
  it("accepts what Intl knows, refuses the rest", () => {
    for (const zone of ["America/Sao_Paulo", "Europe/Istanbul", "UTC", "Asia/Kolkata"]) expect(isTimeZone(zone)).toBe(true);
    for (const zone of ["", "Mars/Olympus", "America/Sao Paulo", "../etc/passwd"]) expect(isTimeZone(zone)).toBe(false);
  });
});
