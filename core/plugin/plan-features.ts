/**
 * Plan features: the switches a plan turns on or off per company. The kernel names none of
 * them. A plugin declares the ones it introduces in its manifest (`planFeatures`) and merges
 * their keys into `PlanFeatures`, so `planFlag` and `enabled()` are checked against the
 * declared keys:
 * @example
 *   declare module "../../core/plugin/plan-features.ts" {
 *     interface PlanFeatures { useKanban: true }
 *   }
 *   export const manifest = definePlugin({
 *     id: "kanban",
 *     planFeatures: [{ key: "useKanban", label: "kanban:planFeature", default: true }],
 *     planFlag: "useKanban",
 *   });
 */
export interface PlanFeatures {}

/** A declared feature key (`useKanban`, ...). */
export type PlanFeatureKey = Extract<keyof PlanFeatures, string>;

/** One feature as a manifest declares it: pure data, read by the server and the web. */
export interface PlanFeature {
  /** The boolean the API answers on plans (`useKanban`); never renamed once data exists. */
  key: PlanFeatureKey;
  /** i18n key in the declaring plugin's namespace, e.g. `kanban:planFeature`. */
  label: string;
  /** The value of a plan that has no stored value for it (new plans, plans made before the feature existed). */
  default: boolean;
}

/** A declared feature and the plugin that declared it. */
export interface DeclaredPlanFeature extends PlanFeature {
  plugin: string;
}

/** Where the features of a company's plan come from; the plans plugin provides it. */
export interface PlanFeatureSource {
  /** Every declared feature's value on the company's plan, or null when the company has no plan (or does not exist). */
  forCompany(companyId: number): Promise<Readonly<Record<string, boolean>> | null>;
  /** Every declared feature's value on a plan, or null when there is no such plan. */
  forPlan(planId: number): Promise<Readonly<Record<string, boolean>> | null>;
}

/**
 * The kernel port for plan features: the declared catalogue (collected from the installed
 * manifests at boot) and the company lookup a plugin provides. Gating (`guard`), the session
 * user and plugins ask it; it knows no feature by name.
 * @example
 *   if (!(await kernel.planFeatures.enabled(user.companyId, "useKanban"))) throw new AppError("ERR_PLAN_FEATURE_DISABLED");
 *   ctx.planFeatures.provide({ forCompany: (companyId) => cache.forCompany(companyId) }); // the plans plugin
 */
export class PlanFeatureRegistry {
  private source: PlanFeatureSource | null = null;
  private readonly byKey: ReadonlyMap<string, DeclaredPlanFeature>;

  constructor(readonly declared: readonly DeclaredPlanFeature[]) {
    const byKey = new Map<string, DeclaredPlanFeature>();
    for (const f of declared) {
      const other = byKey.get(f.key);
      if (other) throw new Error(`Plan feature "${f.key}" is declared by both "${other.plugin}" and "${f.plugin}"`);
      byKey.set(f.key, f);
    }
    this.byKey = byKey;
  }

  /** Collects the features declared by manifests, in load order. */
  static fromManifests(manifests: readonly { id: string; planFeatures?: readonly PlanFeature[] }[]): PlanFeatureRegistry {
    return new PlanFeatureRegistry(manifests.flatMap((m) => (m.planFeatures ?? []).map((f) => ({ ...f, plugin: m.id }))));
  }

  /** Stops the boot when a plugin gates on a feature that no installed plugin declares (it could never be switched on). */
  assertFlagsDeclared(manifests: readonly { id: string; planFlag?: string }[]): void {
    for (const m of manifests)
      if (m.planFlag && !this.byKey.has(m.planFlag)) throw new Error(`Plugin "${m.id}" is gated by plan feature "${m.planFlag}", which no installed plugin declares`);
  }

  /** The declared keys, in load order. */
  keys(): string[] {
    return this.declared.map((f) => f.key);
  }

  isDeclared(key: string): boolean {
    return this.byKey.has(key);
  }

  /** The declared defaults, for a plan that stores no value yet. */
  defaults(): Record<string, boolean> {
    return Object.fromEntries(this.declared.map((f) => [f.key, f.default]));
  }

  /** Installs the lookup (once: two providers would disagree). */
  provide(source: PlanFeatureSource): void {
    if (this.source) throw new Error("Plan features are provided twice");
    this.source = source;
  }

  /**
   * The company's plan features. Without a provider (no plans plugin installed) every company
   * has the declared defaults; with one, a company without a plan has none (null).
   */
  async forCompany(companyId: number): Promise<Readonly<Record<string, boolean>> | null> {
    return this.source ? this.source.forCompany(companyId) : this.defaults();
  }

  /** A plan's features (no provider: the declared defaults). */
  async forPlan(planId: number): Promise<Readonly<Record<string, boolean>> | null> {
    return this.source ? this.source.forPlan(planId) : this.defaults();
  }

  /** Whether the company's plan has the feature on. An undeclared key (its plugin is not installed) is off. */
  async enabled(companyId: number, key: PlanFeatureKey): Promise<boolean> {
    if (!this.byKey.has(key)) return false;
    return (await this.forCompany(companyId))?.[key] === true;
  }
}
