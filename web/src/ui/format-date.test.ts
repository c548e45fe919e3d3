import { describe, expect, it } from "vitest";
import { daysUntil, formatDate, formatDateTime, formatTime } from "./format-date.ts";

describe("date formats (DD/MM/YYYY, DD/MM/YYYY HH:mm, HH:mm)", () => {
  it("formats dates and times in local time", () => {
    const d = new Date(2025, 2, 7, 9, 5);
    expect(formatDate(d)).toBe("07/03/2025");
    expect(formatTime(d)).toBe("09:05");
    expect(formatDateTime(d)).toBe("07/03/2025 09:05");
  });

  it("reads a bare YYYY-MM-DD as that calendar day", () => {
    expect(formatDate("2999-12-31")).toBe("31/12/2999");
  });

  it("gives an empty string for nothing or garbage", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDateTime("not a date")).toBe("");
  });

  it("counts whole days until a date", () => {
    const now = new Date(2025, 2, 7, 23, 30);
    expect(daysUntil("2025-03-07", now)).toBe(0);
    expect(daysUntil("2025-03-08", now)).toBe(1);
    expect(daysUntil("2025-03-01", now)).toBe(-6);
    expect(daysUntil(null, now)).toBeNull();
  });
});
