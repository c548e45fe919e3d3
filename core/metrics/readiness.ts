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

  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];

  /** Counts a request from its start to its answer (core/http/app.ts), so shutdown can wait for the ones in flight. */
  requestStarted(): void {
    this.inFlight++;
  }

  requestEnded(): void {
    if (--this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
  }

  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** Resolves when no request is in flight, or after `timeoutMs` (true when idle). */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
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
