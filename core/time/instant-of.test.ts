import { describe, expect, it } from "vitest";
import { instantOf, offsetAt } from "./instant-of.ts";
import { wallMs } from "./wall-clock.ts";

/** The instant for a wall-clock text in a zone, as ISO. */
const at = (wall: string, zone: string) => new Date(instantOf(Date.parse(`${wall}Z`), zone)).toISOString();

describe("instantOf: a wall-clock time back to its instant", () => {
  it("an ordinary time: the one instant showing it", () => {
    expect(at("2026-11-23T08:00:00", "America/Sao_Paulo")).toBe("2026-11-23T11:00:00.000Z");
    expect(at("2026-11-23T08:00:00.250", "Europe/Istanbul")).toBe("2026-11-23T05:00:00.250Z");
    expect(at("2026-11-23T08:00:00", "Asia/Kolkata")).toBe("2026-11-23T02:30:00.000Z");
  });

  it("New York: 02:30 skipped in March maps to the jump; 01:30 repeated in November to its first occurrence", () => {
    expect(at("2026-03-08T01:59:00", "America/New_York")).toBe("2026-03-08T06:59:00.000Z");
    expect(at("2026-03-08T02:30:00", "America/New_York")).toBe("2026-03-08T07:00:00.000Z");
    expect(at("2026-03-08T03:00:00", "America/New_York")).toBe("2026-03-08T07:00:00.000Z");
    expect(at("2026-11-01T01:30:00", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
    expect(at("2026-11-01T02:00:00", "America/New_York")).toBe("2026-11-01T07:00:00.000Z");
  });

  it("São Paulo's history: midnight skipped on 2018-11-04, 23:30 repeated on 2019-02-16", () => {
    expect(at("2018-11-04T00:00:00", "America/Sao_Paulo")).toBe("2018-11-04T03:00:00.000Z");
    expect(at("2018-11-04T00:30:00", "America/Sao_Paulo")).toBe("2018-11-04T03:00:00.000Z");
    expect(at("2018-11-04T01:00:00", "America/Sao_Paulo")).toBe("2018-11-04T03:00:00.000Z");
    expect(at("2019-02-16T23:30:00", "America/Sao_Paulo")).toBe("2019-02-17T01:30:00.000Z");
    expect(at("2019-02-17T00:30:00", "America/Sao_Paulo")).toBe("2019-02-17T03:30:00.000Z");
  });

  it("Istanbul: 03:00 skipped on 2015-03-29 (+2 to +3); the autumn change of 2015 came on 8 November", () => {
    expect(at("2015-03-29T03:30:00", "Europe/Istanbul")).toBe("2015-03-29T01:00:00.000Z");
    expect(at("2015-10-25T03:30:00", "Europe/Istanbul")).toBe("2015-10-25T00:30:00.000Z");
    expect(at("2015-11-08T03:30:00", "Europe/Istanbul")).toBe("2015-11-08T00:30:00.000Z");
  });

  it("half-hour offsets and half-hour jumps: Adelaide (+09:30/+10:30) and Lord Howe (+10:30/+11)", () => {
    expect(at("2026-10-04T02:30:00", "Australia/Adelaide")).toBe("2026-10-03T16:30:00.000Z");
    expect(at("2026-04-05T02:30:00", "Australia/Adelaide")).toBe("2026-04-04T16:00:00.000Z");
    expect(at("2026-10-04T02:15:00", "Australia/Lord_Howe")).toBe("2026-10-03T15:30:00.000Z");
    expect(at("2026-04-05T01:45:00", "Australia/Lord_Howe")).toBe("2026-04-04T14:45:00.000Z");
  });

  it("round-trips every quarter hour of a year in each zone, except inside a jump", () => {
    for (const zone of ["America/Sao_Paulo", "America/New_York", "Europe/Istanbul", "Australia/Adelaide"]) {
      for (let t = Date.UTC(2018, 0, 1); t < Date.UTC(2019, 0, 1); t += 6 * 3_600_000 + 15 * 60_000) {
        const wall = wallMs(t, zone);
        const back = instantOf(wall, zone);
        expect(wallMs(back, zone)).toBe(wall);
        if (back !== t) expect(offsetAt(back, zone)).toBeGreaterThan(offsetAt(t, zone)); // a repeated time: the first, summer, one
      }
    }
  });
});
