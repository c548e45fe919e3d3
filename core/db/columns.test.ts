import { describe, expect, it } from "vitest";
import { timeOrderedUuid } from "./columns.ts";

describe("timeOrderedUuid", () => {
  it("is a version 7 UUID carrying the time, unique, and sorting by time", () => {
    const at = Date.UTC(2026, 10, 22, 12, 0, 0);
    const id = timeOrderedUuid(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(at);
    const many = Array.from({ length: 1000 }, (_, i) => timeOrderedUuid(at + i));
    expect(new Set(many).size).toBe(1000);
    expect([...many].sort()).toEqual(many);
    // Same millisecond: still distinct (74 random bits).
    expect(timeOrderedUuid(at)).not.toBe(timeOrderedUuid(at));
  });
});
