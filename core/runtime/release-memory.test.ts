import { afterEach, describe, expect, it, vi } from "vitest";
import { releaseMemorySoon } from "./release-memory.ts";

describe("releaseMemorySoon", () => {
  afterEach(() => {
    vi.useRealTimers();
    delete (globalThis as { Bun?: unknown }).Bun;
  });

  it("collects once soon after however many calls, then at most once a second", () => {
    vi.useFakeTimers();
    const gc = vi.fn();
    (globalThis as { Bun?: unknown }).Bun = { gc };
    releaseMemorySoon();
    releaseMemorySoon();
    releaseMemorySoon();
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith(true);
    releaseMemorySoon();
    vi.advanceTimersByTime(500);
    expect(gc).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    expect(gc).toHaveBeenCalledTimes(2);
  });

  it("takes a shorter gap from a caller that asks for one (a long export, as it goes)", () => {
    vi.useFakeTimers();
    // Well after the last test's collection (the module keeps when it last collected).
    vi.setSystemTime(Date.now() + 60_000);
    const gc = vi.fn();
    (globalThis as { Bun?: unknown }).Bun = { gc };
    releaseMemorySoon(250);
    vi.advanceTimersByTime(50);
    expect(gc).toHaveBeenCalledTimes(1);
    releaseMemorySoon(250);
    vi.advanceTimersByTime(200);
    expect(gc).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(50);
    expect(gc).toHaveBeenCalledTimes(2);
  });
});
