/**
 * What `GET /ready` asks (core/metrics/metrics-routes.ts): the kernel adds the database, a
 * plugin or the Redis client adds its own (`kernel.readiness.add("redis", () => client.ping())`).
 * Not ready before the kernel started (migrations done, jobs running) and again once shutdown
 * began, so a load balancer stops sending requests before the process stops answering them.
 */
export type ReadinessCheck = () => Promise<unknown>;

export interface ReadinessReport {
  ready: boolean;
  /** Each check's outcome: "ok", or why it failed. */
  checks: Record<string, string>;
}

/** A check that has not answered in this long counts as failed. */
const CHECK_TIMEOUT_MS = 2_000;

export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();
  private state: "starting" | "serving" | "draining" = "starting";

  add(name: string, check: ReadinessCheck): void {
    if (this.checks.has(name)) throw new Error(`readiness check ${name} is registered twice`);
    this.checks.set(name, check);
  }

  /** The kernel started: checks decide from now on. */
  serving(): void {
    if (this.state === "starting") this.state = "serving";
  }

  /** Shutdown began: not ready whatever the checks say. */
  draining(): void {
    this.state = "draining";
  }

  get isDraining(): boolean {
    return this.state === "draining";
  }

  async report(): Promise<ReadinessReport> {
    const checks: Record<string, string> = {};
    await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
        });
        try {
          await Promise.race([check(), timeout]);
          checks[name] = "ok";
        } catch (err) {
          checks[name] = err instanceof Error ? err.message : String(err);
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    if (this.state !== "serving") checks.server = this.state;
    return { ready: this.state === "serving" && Object.values(checks).every((v) => v === "ok"), checks };
  }
}
