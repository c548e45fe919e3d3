import type { TestResponse } from "../support/test-kernel.ts";

/**
 * What a plugin's tenancy seed gets: company B's admin, acting through the real API. A
 * plugin with company-scoped tables ships `server/tenancy-seed.ts` (default export, a
 * `TenancySeed`) creating at least one row of each, with `mark` in some text, so the
 * tenancy proof (tests/tenancy) covers its routes against real data of another company.
 * Seeds run in plugin load order: a seed may use what its dependencies' seeds created
 * (read it back through the API).
 */
export interface SeedContext {
  /** A text that must never reach company A: put it in names and messages. */
  mark: string;
  companyId: number;
  adminId: number;
  /** Calls the API as B's admin and fails the proof unless it answers 2xx. */
  call(method: string, path: string, body?: unknown): Promise<TestResponse>;
}

export type TenancySeed = (b: SeedContext) => Promise<void>;
