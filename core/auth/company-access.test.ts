import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestKernel, type TestKernel } from "../../tests/support/test-kernel.ts";
import { companies } from "../db/tables.ts";
import { CompanyAccess, companyAccessState, type CompanyAccessChange } from "./company-access.ts";

const NOW = new Date("2026-03-10T12:00:00Z");

describe("companyAccessState (spec 001 §4: active while now is before dueDate)", () => {
  it("a disabled or missing company is disabled, whatever its due date", () => {
    expect(companyAccessState(7, { status: false, dueDate: "2999-01-01" }, NOW)).toBe("disabled");
    expect(companyAccessState(7, null, NOW)).toBe("disabled");
    expect(companyAccessState(1, { status: false, dueDate: "2999-12-31" }, NOW)).toBe("disabled");
  });

  it("the due day itself and every day after are overdue; the day before is active", () => {
    expect(companyAccessState(7, { status: true, dueDate: "2026-03-11" }, NOW)).toBe("active");
    expect(companyAccessState(7, { status: true, dueDate: "2026-03-10" }, NOW)).toBe("overdue");
    expect(companyAccessState(7, { status: true, dueDate: "2026-03-09" }, NOW)).toBe("overdue");
    // UTC days, as the companies plugin writes them: 23:59 UTC is still the 10th.
    expect(companyAccessState(7, { status: true, dueDate: "2026-03-11" }, new Date("2026-03-10T23:59:59Z"))).toBe("active");
  });

  it("company 1 never expires, and no due date never expires", () => {
    expect(companyAccessState(1, { status: true, dueDate: "2000-01-01" }, NOW)).toBe("active");
    expect(companyAccessState(7, { status: true, dueDate: null }, NOW)).toBe("active");
  });
});

describe("CompanyAccess: the cache", () => {
  let t: TestKernel;
  let companyId: number;
  let clock: Date;
  let access: CompanyAccess;
  const setRow = (values: Partial<typeof companies.$inferInsert>) => t.kernel.db.update(companies).set(values).where(eq(companies.id, companyId));

  beforeEach(async () => {
    t = await createTestKernel({ plugins: [] });
    const [row] = await t.kernel.db.insert(companies).values({ name: "Padaria", status: true, dueDate: "2026-03-12" }).returning();
    companyId = row!.id;
    clock = NOW;
    access = new CompanyAccess(t.kernel.db, { now: () => clock, ttlMs: 60_000 });
  });
  afterEach(() => t.close());

  it("reads the row once and answers from memory until invalidated", async () => {
    expect(await access.state(companyId)).toBe("active");
    await setRow({ status: false });
    expect(await Promise.all([access.state(companyId), access.state(companyId)])).toEqual(["active", "active"]);
    expect(access.peek(companyId)).toBe("active");
    await access.invalidate(companyId);
    expect(await access.state(companyId)).toBe("disabled");
    expect(access.peek(companyId)).toBe("disabled");
  });

  it("notices the due date passing without any invalidation", async () => {
    expect(await access.state(companyId)).toBe("active");
    clock = new Date("2026-03-12T00:00:01Z");
    expect(await access.state(companyId)).toBe("overdue");
  });

  it("re-reads a row older than the TTL (a change made by another server)", async () => {
    expect(await access.state(companyId)).toBe("active");
    await setRow({ status: false });
    clock = new Date(NOW.getTime() + 60_001);
    expect(access.peek(companyId)).toBeNull();
    expect(await access.state(companyId)).toBe("disabled");
  });

  it("tells listeners the new state and the previous one; a deleted company is disabled", async () => {
    const seen: CompanyAccessChange[] = [];
    const off = access.onChange((change) => void seen.push(change));
    expect(await access.state(companyId)).toBe("active");
    await setRow({ status: false });
    expect(await access.invalidate(companyId)).toBe("disabled");
    await t.kernel.db.delete(companies).where(eq(companies.id, companyId));
    await access.invalidate(companyId);
    off();
    await access.invalidate(companyId);
    expect(seen).toEqual([
      { companyId, state: "disabled", previous: "active" },
      { companyId, state: "disabled", previous: "disabled" },
    ]);
  });

  it("a failing listener is logged and neither fails the invalidation nor stops the next listener", async () => {
    const log = { error: vi.fn() };
    access = new CompanyAccess(t.kernel.db, { now: () => clock, log });
    const after = vi.fn();
    access.onChange(() => {
      throw new Error("boom");
    });
    access.onChange(after);
    await expect(access.invalidate(companyId)).resolves.toBe("active");
    expect(log.error).toHaveBeenCalledOnce();
    expect(after).toHaveBeenCalledWith({ companyId, state: "active", previous: null });
  });

  it("an invalidation does not join a read started before it (that read may hold the old row)", async () => {
    const inFlight = access.state(companyId);
    await setRow({ status: false });
    expect(await access.invalidate(companyId)).toBe("disabled");
    await inFlight;
    expect(await access.state(companyId)).toBe("disabled");
  });
});

describe("CompanyAccess: the kernel's instance", () => {
  let t: TestKernel;
  beforeEach(async () => {
    t = await createTestKernel({ plugins: [] });
  });
  afterEach(() => t.close());

  it("closes a company's sockets when it becomes disabled", async () => {
    const [row] = await t.kernel.db.insert(companies).values({ name: "Loja", status: true, dueDate: "2999-01-01" }).returning();
    const disconnect = vi.spyOn(t.kernel.realtime, "disconnectCompany");
    await t.kernel.companyAccess.invalidate(row!.id);
    expect(disconnect).not.toHaveBeenCalled();
    await t.kernel.db.update(companies).set({ status: false }).where(eq(companies.id, row!.id));
    await t.kernel.companyAccess.invalidate(row!.id);
    expect(disconnect).toHaveBeenCalledWith(row!.id);
  });
});
