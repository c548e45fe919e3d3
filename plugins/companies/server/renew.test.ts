import { describe, expect, it } from "vitest";
import { addDays, addMonths, daysUntil, dueState, localToday, parseDay, renewDueDate } from "../shared/renew.ts";

describe("renew: month arithmetic", () => {
  it("adds calendar months, keeping the day", () => {
    expect(addMonths("2024-03-15", 1)).toBe("2024-04-15");
    expect(addMonths("2024-11-10", 3)).toBe("2025-02-10");
    expect(addMonths("2024-01-01", 12)).toBe("2025-01-01");
  });

  it("clamps to the last day of a shorter month (Jan 31 + 1 month)", () => {
    expect(addMonths("2023-01-31", 1)).toBe("2023-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29"); // leap year
    expect(addMonths("2024-03-31", 1)).toBe("2024-04-30");
    expect(addMonths("2024-08-31", 6)).toBe("2025-02-28");
    expect(addMonths("2024-02-29", 12)).toBe("2025-02-28");
    expect(addMonths("2024-12-31", 2)).toBe("2025-02-28");
  });

  it("crosses year ends both ways", () => {
    expect(addMonths("2024-12-15", 1)).toBe("2025-01-15");
    expect(addMonths("2025-01-15", -1)).toBe("2024-12-15");
  });

  it("adds days across months and leap days", () => {
    expect(addDays("2024-02-27", 3)).toBe("2024-03-01");
    expect(addDays("2023-12-30", 7)).toBe("2024-01-06");
  });

  it("refuses dates that do not exist", () => {
    expect(parseDay("2023-02-29")).toBeNull();
    expect(parseDay("2024-13-01")).toBeNull();
    expect(parseDay("hello")).toBeNull();
    expect(() => addMonths("2023-02-30", 1)).toThrow(RangeError);
  });
});

describe("renew: by recurrence", () => {
  const today = "2024-05-10";
  it("adds 1, 2, 3, 6 or 12 months from a future due date", () => {
    expect(renewDueDate("2024-05-20", "MENSAL", today)).toBe("2024-06-20");
    expect(renewDueDate("2024-05-20", "BIMESTRAL", today)).toBe("2024-07-20");
    expect(renewDueDate("2024-05-20", "TRIMESTRAL", today)).toBe("2024-08-20");
    expect(renewDueDate("2024-05-20", "SEMESTRAL", today)).toBe("2024-11-20");
    expect(renewDueDate("2024-05-20", "ANUAL", today)).toBe("2025-05-20");
  });

  it("counts from today when the company is overdue or has no due date", () => {
    expect(renewDueDate("2024-01-31", "MENSAL", today)).toBe("2024-06-10");
    expect(renewDueDate(null, "TRIMESTRAL", today)).toBe("2024-08-10");
    expect(renewDueDate("garbage", "MENSAL", today)).toBe("2024-06-10");
  });

  it("a month-end due date renews to the next month's end", () => {
    expect(renewDueDate("2025-01-31", "MENSAL", "2025-01-20")).toBe("2025-02-28");
  });

  it("accepts an ISO timestamp as the due date", () => {
    expect(renewDueDate("2024-05-20T00:00:00.000Z", "MENSAL", today)).toBe("2024-06-20");
  });
});

describe("due-date colours", () => {
  const today = "2024-05-10";
  it("counts whole days", () => {
    expect(daysUntil("2024-05-10", today)).toBe(0);
    expect(daysUntil("2024-05-15", today)).toBe(5);
    expect(daysUntil("2024-05-09", today)).toBe(-1);
    expect(daysUntil(null, today)).toBeNull();
  });

  it("yellow for 1 to 5 days, red for 0 or less, plain otherwise", () => {
    expect(dueState(2, "2024-05-16", today)).toBe("ok");
    expect(dueState(2, "2024-05-15", today)).toBe("warning");
    expect(dueState(2, "2024-05-11", today)).toBe("warning");
    expect(dueState(2, "2024-05-10", today)).toBe("danger");
    expect(dueState(2, "2023-01-01", today)).toBe("danger");
    expect(dueState(2, null, today)).toBe("ok");
  });

  it("never colours the platform company", () => {
    expect(dueState(1, "2024-05-10", today)).toBe("ok");
    expect(dueState(1, "2000-01-01", today)).toBe("ok");
  });

  it("the viewer's today is a real date", () => {
    expect(parseDay(localToday())).not.toBeNull();
  });
});
