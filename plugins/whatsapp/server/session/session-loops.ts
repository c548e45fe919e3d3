import { AppError } from "../../../../core/errors.ts";
import type { Logger } from "../../../../core/log.ts";
import type { SessionManager } from "./session-manager.ts";
import type { SessionTuning } from "./tuning.ts";

/**
 * The session layer's background work: renewing leases, the silence watchdog, the
 * staggered resume at boot, and 'standby' retries for sessions another server held when
 * this one booted (it takes them over once that server stops renewing).
 */
export class SessionLoops {
  private renewTimer?: ReturnType<typeof setInterval>;
  private watchdogTimer?: ReturnType<typeof setInterval>;
  private takeoverTimer?: ReturnType<typeof setInterval>;
  private sleeps = new Set<{ timer: ReturnType<typeof setTimeout>; resolve: () => void }>();
  private standby = new Map<number, ReturnType<typeof setTimeout>>();
  private lastRenewOk = Date.now();

  constructor(
    private m: SessionManager,
    private log: Logger,
    private t: SessionTuning,
  ) {}

  /** Starts the timers with the first session (a server without sessions runs none). */
  ensureRunning(): void {
    if (this.renewTimer || this.m.isStopped) return;
    this.lastRenewOk = Date.now();
    this.renewTimer = setInterval(() => void this.renew(), this.t.leaseRenewMs);
    this.watchdogTimer = setInterval(() => this.watch(), this.t.watchdogIntervalMs);
    unref(this.renewTimer);
    unref(this.watchdogTimer);
  }

  stop(): void {
    clearInterval(this.renewTimer);
    clearInterval(this.watchdogTimer);
    clearInterval(this.takeoverTimer);
    this.renewTimer = this.watchdogTimer = this.takeoverTimer = undefined;
    for (const s of this.sleeps) {
      clearTimeout(s.timer);
      s.resolve();
    }
    this.sleeps.clear();
    for (const timer of this.standby.values()) clearTimeout(timer);
    this.standby.clear();
  }

  /** Extends every lease held; a session whose lease is gone is dropped here without logout. */
  async renew(): Promise<void> {
    const sessions = this.m.all();
    if (!sessions.length) return;
    try {
      const kept = await this.m.leases.renew(sessions.map((s) => s.whatsappId));
      this.lastRenewOk = Date.now();
      for (const s of sessions) if (!kept.has(s.whatsappId)) void this.m.serial(s.whatsappId, () => this.m.drop(s, "lease lost to another server"));
    } catch (err) {
      this.log.error("whatsapp: renewing session leases failed", err);
      // Past the TTL another server may have taken over: stop driving rather than fight it.
      if (Date.now() - this.lastRenewOk > this.t.leaseTtlMs) {
        for (const s of sessions) void this.m.serial(s.whatsappId, () => this.m.drop(s, "lease could not be renewed"));
      }
    }
  }

  /** A CONNECTED socket that heard nothing for silenceMs is presumed dead and reopened. */
  watch(now = Date.now()): void {
    for (const s of this.m.all()) {
      if (!s.live?.connected || now - s.lastEventAt < this.t.silenceMs) continue;
      this.log.warn(`whatsapp ${s.whatsappId}: connected but silent for ${Math.round((now - s.lastEventAt) / 1000)} s, restarting`);
      s.lastEventAt = now; // one restart per silence, not one per check
      void this.m.serial(s.whatsappId, () => this.m.reopen(s, "silent socket")).catch((err) => this.log.error(`whatsapp ${s.whatsappId}: watchdog restart failed`, err));
    }
  }

  /**
   * Boot: resumes every connection of channel "whatsapp" with paired credentials, one
   * every bootStaggerMs (+ jitter) so a restart does not hit WhatsApp with every number
   * at once. Runs in the background; stops when the server does.
   */
  async resumeAll(): Promise<void> {
    this.watchForLapses();
    const rows = await this.m.status.whatsappConnections();
    let first = true;
    for (const row of rows) {
      if (this.m.isStopped) return;
      // A disabled company's sessions wait, keys kept, until it is enabled again (company-pause.ts).
      if (await this.m.pause.holds(row.companyId)) continue;
      if (!(await this.m.auth.resumable(row.id))) continue;
      if (!first) await this.sleep(this.t.bootStaggerMs + this.t.random() * this.t.bootJitterMs);
      first = false;
      if (this.m.isStopped) return;
      await this.resumeOne(row.companyId, row.id);
    }
  }

  /**
   * Every renewal period, looks for leases whose holder stopped renewing (a process that died
   * without releasing them) and resumes those sessions here: one conditional upsert decides which
   * process gets each, so a dead process's sessions move within the lease plus one period. A
   * released lease (a clean shutdown, a session ended) is not taken: its row is gone.
   */
  private watchForLapses(): void {
    if (this.takeoverTimer || this.m.isStopped) return;
    this.takeoverTimer = setInterval(() => void this.takeOver().catch((err) => this.log.warn("whatsapp: looking for lapsed leases failed", err)), this.t.leaseRenewMs);
    unref(this.takeoverTimer);
  }

  async takeOver(): Promise<void> {
    const lapsed = (await this.m.leases.lapsed()).filter((id) => !this.m.live(id) && !this.standby.has(id));
    if (!lapsed.length) return;
    const rows = new Map((await this.m.status.whatsappConnections()).map((r) => [r.id, r]));
    for (const id of lapsed) {
      const row = rows.get(id);
      if (!row || this.m.isStopped) continue;
      if (await this.m.pause.holds(row.companyId)) continue;
      if (!(await this.m.auth.resumable(id))) continue;
      this.log.info(`whatsapp ${id}: its lease lapsed (the process driving it stopped renewing): taking it over`);
      await this.resumeOne(row.companyId, id);
    }
  }

  cancelStandby(whatsappId: number): void {
    clearTimeout(this.standby.get(whatsappId));
    this.standby.delete(whatsappId);
  }

  private async resumeOne(companyId: number, whatsappId: number): Promise<void> {
    try {
      await this.m.start(companyId, whatsappId);
    } catch (err) {
      if (err instanceof AppError && err.detail?.reason === "SESSION_OWNED_ELSEWHERE") {
        // Try again once that server's lease could have expired; it renews it while it lives.
        const timer = setTimeout(() => {
          this.standby.delete(whatsappId);
          void this.m.auth.resumable(whatsappId).then((ok) => (ok && !this.m.isStopped && !this.m.live(whatsappId) ? this.resumeOne(companyId, whatsappId) : undefined));
        }, this.t.leaseTtlMs);
        unref(timer);
        this.standby.set(whatsappId, timer);
        return;
      }
      this.log.warn(`whatsapp ${whatsappId}: not resumed at boot`, err instanceof Error ? err.message : err);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = { timer: setTimeout(() => (this.sleeps.delete(entry), resolve()), ms), resolve };
      this.sleeps.add(entry);
    });
  }
}

/** Timers must not keep a stopping process alive. */
function unref(timer: unknown): void {
  (timer as { unref?: () => void }).unref?.();
}
