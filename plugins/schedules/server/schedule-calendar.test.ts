import { describe, expect, it } from "vitest";
import { addInterval, DEFAULT_TIME_ZONE, localWeekday, onBusinessDay } from "./schedule-calendar.ts";
import { nextOccurrence, parseSendAt } from "./recurrence.ts";

const SP = DEFAULT_TIME_ZONE;
const d = (iso: string) => new Date(iso);

describe("schedule calendar", () => {
  it("steps minutes, days, weeks and months; a month clamps to its last day", () => {
    expect(addInterval(d("2030-01-31T12:00:00Z"), 4, 90, SP).toISOString()).toBe("2030-01-31T13:30:00.000Z");
    expect(addInterval(d("2030-01-31T12:00:00Z"), 1, 2, SP).toISOString()).toBe("2030-02-02T12:00:00.000Z");
    expect(addInterval(d("2030-01-31T12:00:00Z"), 2, 1, SP).toISOString()).toBe("2030-02-07T12:00:00.000Z");
    expect(addInterval(d("2030-01-31T12:00:00Z"), 3, 1, SP).toISOString()).toBe("2030-02-28T12:00:00.000Z");
    expect(addInterval(d("2032-01-31T12:00:00Z"), 3, 1, SP).toISOString()).toBe("2032-02-29T12:00:00.000Z");
    expect(addInterval(d("2030-11-15T12:00:00Z"), 3, 3, SP).toISOString()).toBe("2031-02-15T12:00:00.000Z");
  });

  it("a daily step keeps the local time across a daylight-saving change", () => {
    // New York moves to summer time on 2030-03-10: 09:00 local is 14:00 UTC before, 13:00 after.
    expect(addInterval(d("2030-03-09T14:00:00Z"), 1, 1, "America/New_York").toISOString()).toBe("2030-03-10T13:00:00.000Z");
  });

  it("weekdays are the company's: late Friday evening in São Paulo is already Saturday in UTC", () => {
    expect(localWeekday(d("2030-03-09T01:00:00Z"), SP)).toBe(5);
    expect(localWeekday(d("2030-03-09T01:00:00Z"), "UTC")).toBe(6);
  });

  it("tipoDias: 4 as is; a weekend day goes to Friday (5) or Monday (6); weekdays never move", () => {
    const saturday = d("2030-03-09T13:00:00Z");
    const sunday = d("2030-03-10T13:00:00Z");
    const wednesday = d("2030-03-06T13:00:00Z");
    expect(onBusinessDay(saturday, 4, SP)).toEqual(saturday);
    expect(onBusinessDay(saturday, 5, SP).toISOString()).toBe("2030-03-08T13:00:00.000Z");
    expect(onBusinessDay(sunday, 5, SP).toISOString()).toBe("2030-03-08T13:00:00.000Z");
    expect(onBusinessDay(saturday, 6, SP).toISOString()).toBe("2030-03-11T13:00:00.000Z");
    expect(onBusinessDay(sunday, 6, SP).toISOString()).toBe("2030-03-11T13:00:00.000Z");
    expect(onBusinessDay(wednesday, 5, SP)).toEqual(wednesday);
    expect(onBusinessDay(wednesday, 6, SP)).toEqual(wednesday);
  });

  it("the next occurrence keeps the nominal calendar: a weekly Saturday moved to Friday stays Saturday-based", () => {
    const series = { sendAt: "2030-03-09T13:00:00.000Z", occurrence: 0, intervalo: 2, valorIntervalo: 1, enviarQuantasVezes: 3, tipoDias: 5 };
    const next = nextOccurrence(series, d("2030-03-08T13:00:00Z"), SP)!;
    expect(next).toMatchObject({ occurrence: 1 });
    expect(next.sendAt.toISOString()).toBe("2030-03-16T13:00:00.000Z");
    expect(next.dueAt.toISOString()).toBe("2030-03-15T13:00:00.000Z");
    expect(nextOccurrence({ ...series, occurrence: 2 }, d("2030-03-08T13:00:00Z"), SP)).toBeNull();
    expect(nextOccurrence({ ...series, valorIntervalo: 0 }, d("2030-03-08T13:00:00Z"), SP)).toBeNull();
  });

  it("reads sendAt with an offset as given and without one in the company's time zone", () => {
    expect(parseSendAt("2030-03-04T09:30:00-03:00", SP)?.toISOString()).toBe("2030-03-04T12:30:00.000Z");
    expect(parseSendAt("2030-03-04T09:30:00Z", SP)?.toISOString()).toBe("2030-03-04T09:30:00.000Z");
    expect(parseSendAt("2030-03-04T09:30", SP)?.toISOString()).toBe("2030-03-04T12:30:00.000Z");
    expect(parseSendAt("2030-03-04 09:30:15", SP)?.toISOString()).toBe("2030-03-04T12:30:15.000Z");
    expect(parseSendAt("2030-02-30T09:30", SP)).toBeNull();
    expect(parseSendAt("2030-13-01T09:30:00Z", SP)).toBeNull();
  });
});
