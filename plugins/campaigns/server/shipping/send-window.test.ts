import { describe, expect, it } from "vitest";
import { startOfLocalDay, startOfNextLocalDay } from "../../../../core/time/index.ts";
import { isOpen, nextOpening, parseInstant } from "./send-window.ts";

const iso = (n: number) => new Date(n).toISOString();
const at = Date.parse;
const weekdays9to18 = { startHour: "09:00", endHour: "18:00", sabado: false, domingo: false };

describe("send window in a company's time zone", () => {
  it("opens at the window's start on the next day it may send on", () => {
    // Friday 2026-11-27 19:00 in São Paulo: closed until Monday 09:00 (12:00Z).
    expect(iso(nextOpening(weekdays9to18, at("2026-11-27T22:00:00Z"), "America/Sao_Paulo"))).toBe("2026-11-30T12:00:00.000Z");
    expect(iso(nextOpening({ ...weekdays9to18, sabado: true }, at("2026-11-27T22:00:00Z"), "America/Sao_Paulo"))).toBe("2026-11-28T12:00:00.000Z");
    // An all-day window (end not after start) closed on Sunday opens at Monday's midnight.
    const allDay = { startHour: "00:00", endHour: "00:00", sabado: true, domingo: false };
    expect(iso(nextOpening(allDay, at("2026-11-29T15:00:00Z"), "America/Sao_Paulo"))).toBe("2026-11-30T03:00:00.000Z");
    expect(isOpen(weekdays9to18, at("2026-11-30T12:00:00Z"), "America/Sao_Paulo")).toBe(true);
  });

  it("follows daylight saving: New York's 09:00 is 14:00Z on Friday and 13:00Z the Monday after the change", () => {
    expect(iso(nextOpening(weekdays9to18, at("2026-03-06T12:00:00Z"), "America/New_York"))).toBe("2026-03-06T14:00:00.000Z");
    expect(iso(nextOpening(weekdays9to18, at("2026-03-06T23:30:00Z"), "America/New_York"))).toBe("2026-03-09T13:00:00.000Z");
  });

  it("the daily cap's day runs from local midnight to local midnight, also on a daylight-saving day", () => {
    // Sunday 2026-03-08 in New York: midnight EST (05:00Z) to midnight EDT (04:00Z next day), 23 hours.
    expect(iso(startOfLocalDay(at("2026-03-08T20:00:00Z"), "America/New_York"))).toBe("2026-03-08T05:00:00.000Z");
    expect(iso(startOfNextLocalDay(at("2026-03-08T20:00:00Z"), "America/New_York"))).toBe("2026-03-09T04:00:00.000Z");
  });

  it("reads a wall-clock scheduledAt in the zone, one with an offset as written", () => {
    expect(parseInstant("2026-12-01T09:30", "America/Sao_Paulo")?.toISOString()).toBe("2026-12-01T12:30:00.000Z");
    expect(parseInstant("2026-12-01T09:30", "Asia/Kolkata")?.toISOString()).toBe("2026-12-01T04:00:00.000Z");
    expect(parseInstant("2026-12-01T09:30:00+03:00", "America/Sao_Paulo")?.toISOString()).toBe("2026-12-01T06:30:00.000Z");
    expect(parseInstant("2026-02-30T09:30", "America/Sao_Paulo")).toBeNull();
  });
});
