import type { FeatureValues } from "./plan-features.store.ts";

export interface PlanFeatureCacheOptions {
  /** How long a company's values are trusted; invalidation is immediate in this process, the TTL bounds another node's staleness. */
  ttlMs?: number;
  now?: () => number;
}

interface Entry {
  values: FeatureValues | null;
  loadedAt: number;
}

const DEFAULT_TTL_MS = 30_000;

/**
 * A per-process cache of each company's plan features, so gating costs a map lookup per
 * request (the pattern of core/auth/company-access.ts). A plan's change forgets every
 * company (plans change rarely, and a company's plan id is only known after a read); a
 * company's change (its plan) forgets that company.
 * @example
 *   const cache = new PlanFeatureCache((companyId) => store.forCompany(companyId));
 *   await cache.forCompany(7);
 *   cache.forgetAll(); // after PUT /plans/{id}
 */
export class PlanFeatureCache {
  private cache = new Map<number, Entry>();
  private loading = new Map<number, Promise<FeatureValues | null>>();
  /** Bumped by each invalidation, so a read started before it never refills the cache after it. */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private read: (companyId: number) => Promise<FeatureValues | null>,
    options: PlanFeatureCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  forCompany(companyId: number): Promise<FeatureValues | null> {
    const cached = this.cache.get(companyId);
    if (cached && this.now() - cached.loadedAt < this.ttlMs) return Promise.resolve(cached.values);
    let pending = this.loading.get(companyId);
    if (!pending) {
      pending = this.load(companyId);
      this.loading.set(companyId, pending);
    }
    return pending;
  }

  forgetCompany(companyId: number): void {
    this.generation++;
    this.cache.delete(companyId);
    this.loading.delete(companyId);
  }

  forgetAll(): void {
    this.generation++;
    this.cache.clear();
    this.loading.clear();
  }

  private async load(companyId: number): Promise<FeatureValues | null> {
    const generation = this.generation;
    try {
      const values = await this.read(companyId);
      if (generation === this.generation) this.cache.set(companyId, { values, loadedAt: this.now() });
      return values;
    } finally {
      if (generation === this.generation) this.loading.delete(companyId);
    }
  }
}
