import type { ConnectionState, WAMessage, WAMessageKey } from "@whiskeysockets/baileys";
import { AppError } from "../../../../core/errors.ts";
import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type { ConnectionRow, ConnectionStatusPatch } from "../../../connections/server/connections.contract.ts";
import type { WaBoundary, WaSocketLike } from "../boundary/wa-socket.ts";
import { AuthStore, type DbAuth, isPaired } from "./auth-state.ts";
import { CompanyPause } from "./company-pause.ts";
import { Leases, sessionResource } from "./leases.ts";
import { SessionLoops } from "./session-loops.ts";
import type { LiveSession, SessionRegistry } from "./session-registry.ts";
import { SessionStatus } from "./session-status.ts";
import { ACTIVITY, CONNECTION_REPLACED, CREDENTIALS_DEAD, pairingDigits, RESTART_REQUIRED, type Session, statusCodeOf, within } from "./session.ts";
import { backoffDelay, defaultTuning, type SessionTuning } from "./tuning.ts";

/**
 * The WhatsApp sessions this process drives: opens Baileys sockets through the boundary,
 * turns their connection updates into connection statuses, reconnects with backoff,
 * holds a lease per session, and lets the message layer attach to every new socket.
 * Every change of one session runs in that session's queue, in order, so a socket event
 * and a click on 'disconnect' never interleave half-way.
 */
export class SessionManager implements SessionRegistry {
  readonly tuning: SessionTuning;
  readonly auth: AuthStore;
  readonly leases: Leases;
  readonly status: SessionStatus;
  /** Holds back the sessions of disabled companies (company-pause.ts). */
  readonly pause: CompanyPause;
  private sessions = new Map<number, Session>();
  private hooks: ((session: LiveSession) => (() => void) | undefined)[] = [];
  private queues = new Map<number, Promise<unknown>>();
  private loops: SessionLoops;
  private stopped = false;
  private messageLookup?: (whatsappId: number, key: WAMessageKey) => Promise<WAMessage["message"] | undefined>;

  constructor(
    private ctx: PluginContext,
    private boundary: WaBoundary,
    tuning: Partial<SessionTuning> = {},
  ) {
    // WHATSAPP_LEASE_MS sets how soon another process takes over a dead one's sessions; a test's tuning still wins.
    const lease = ctx.config.WHATSAPP_LEASE_MS;
    this.tuning = { ...defaultTuning, leaseTtlMs: lease, leaseRenewMs: Math.floor(lease / 3), ...tuning };
    this.auth = new AuthStore(ctx.db, ctx.vault, ctx.log, this.tuning.keyCacheSize);
    this.leases = new Leases(ctx.db, `${crypto.randomUUID()}`, this.tuning.leaseTtlMs);
    this.status = new SessionStatus(ctx);
    this.pause = new CompanyPause(ctx.companyAccess);
    this.loops = new SessionLoops(this, ctx.log, this.tuning);
  }

  // ---- SessionRegistry (the message layer's seam) ----

  live(whatsappId: number): LiveSession | undefined {
    return this.sessions.get(whatsappId)?.live;
  }

  connectedOf(companyId: number): LiveSession[] {
    return [...this.sessions.values()]
      .filter((s) => s.companyId === companyId && s.live?.connected)
      .sort((a, b) => a.whatsappId - b.whatsappId)
      .map((s) => s.live!);
  }

  onSocket(attach: (session: LiveSession) => (() => void) | undefined): void {
    this.hooks.push(attach);
  }

  /**
   * Lets the message layer answer Baileys' `getMessage` (a contact's phone asks for a
   * message to be re-sent after a decryption failure) from the stored messages (the
   * message layer wires it through SessionRegistry.provideMessages).
   */
  provideMessages(lookup: (whatsappId: number, key: WAMessageKey) => Promise<WAMessage["message"] | undefined>): void {
    this.messageLookup = lookup;
  }

  logError(message: string, err: unknown): void {
    this.ctx.log.error(message, err);
  }

  // ---- commands (routes, bus, boot) ----

  /**
   * Opens (or re-opens) a session: from stored credentials it resumes, else a QR follows
   * on `company-{id}-whatsappSession`; with a phone number a pairing code is asked for
   * instead and answered. Another process holding the lease answers ERR_WAPP_NOT_INITIALIZED
   * (reason SESSION_OWNED_ELSEWHERE) and changes nothing.
   */
  async start(companyId: number, whatsappId: number, opts: { phoneNumber?: string } = {}): Promise<{ pairingCode?: string; alreadyConnected?: boolean }> {
    await this.whatsappConnection(companyId, whatsappId);
    if (await this.pause.holds(companyId)) throw new AppError("ERR_CHANNEL_PAUSED", { reason: "ERR_COMPANY_INACTIVE" });
    const digits = opts.phoneNumber === undefined ? undefined : pairingDigits(opts.phoneNumber);
    const paired = digits ? await this.auth.resumable(whatsappId) : false;
    const waiting = await this.serial(whatsappId, async () => {
      this.loops.cancelStandby(whatsappId);
      let s = this.sessions.get(whatsappId);
      if (s?.live?.connected) return "connected" as const;
      if (!(await this.leases.acquire(whatsappId))) {
        this.ctx.log.info(`whatsapp ${whatsappId}: another server drives this session (lease held)`);
        throw new AppError("ERR_WAPP_NOT_INITIALIZED", { reason: "SESSION_OWNED_ELSEWHERE" });
      }
      if (!s) {
        s = { companyId, whatsappId, detach: [], qrCount: 0, attempts: 0, lastEventAt: Date.now() };
        this.sessions.set(whatsappId, s);
        this.loops.ensureRunning();
      }
      // The connection's deliveries are claimed here while the lease is ours (let go with the session: `forgotten`).
      this.ctx.jobs.hold(sessionResource(whatsappId));
      this.cancelPending(s, "restarted");
      await this.retire(s, "end");
      s.attempts = 0;
      let code: Promise<string> | undefined;
      if (digits && !paired) code = new Promise<string>((resolve, reject) => (s.pairing = { digits, requested: false, resolve, reject }));
      code?.catch(() => {});
      await this.open(s);
      // Wrapped: a promise returned as is would make this queue wait for the code, which needs the queue.
      return { code };
    });
    if (waiting === "connected") return { alreadyConnected: true };
    if (!waiting.code) return {};
    return { pairingCode: await this.withPairingTimeout(whatsappId, waiting.code) };
  }

  /** 'New QR': unlink (logout when possible), forget the keys, start from scratch. */
  async newQr(companyId: number, whatsappId: number): Promise<void> {
    await this.whatsappConnection(companyId, whatsappId);
    await this.serial(whatsappId, () => this.forget(whatsappId));
    await this.start(companyId, whatsappId);
  }

  /** 'Disconnect': logout, forget the keys, status DISCONNECTED. */
  async disconnect(companyId: number, whatsappId: number): Promise<void> {
    await this.whatsappConnection(companyId, whatsappId);
    await this.serial(whatsappId, async () => {
      await this.forget(whatsappId);
      await this.status.publish(companyId, whatsappId, { status: "DISCONNECTED", qrcode: "", retries: 0 });
    });
  }

  /** Boot: resumes stored sessions in the background, staggered (session-loops.ts). */
  resumeAll(): Promise<void> {
    return this.loops.resumeAll();
  }

  /** Restarts every WhatsApp session of a company (live ones reopen, stored ones resume). */
  async restartCompany(companyId: number): Promise<number> {
    const rows = (await this.status.whatsappConnections()).filter((c) => c.companyId === companyId);
    let restarted = 0;
    for (const row of rows) {
      const s = this.sessions.get(row.id);
      try {
        if (s) await this.serial(row.id, () => this.reopen(s, "restart requested"));
        else if (await this.auth.resumable(row.id)) await this.start(companyId, row.id);
        else continue;
        restarted++;
      } catch (err) {
        this.ctx.log.warn(`whatsapp ${row.id}: restart failed`, err instanceof Error ? err.message : err);
      }
    }
    return restarted;
  }

  /** The connection was deleted: close the socket; its rows (keys, lease) cascade away. */
  async deleted(whatsappId: number): Promise<void> {
    await this.serial(whatsappId, async () => {
      this.loops.cancelStandby(whatsappId);
      const s = this.sessions.get(whatsappId);
      if (s) await this.drop(s, "connection deleted");
    });
  }

  /** Drops the local session without logging out (lease lost, connection gone, shutdown). */
  async drop(s: Session, why: string): Promise<void> {
    if (this.sessions.get(s.whatsappId) !== s) return;
    this.ctx.log.info(`whatsapp ${s.whatsappId}: session dropped here (${why})`);
    this.cancelPending(s, why);
    this.sessions.delete(s.whatsappId);
    this.forgotten(s.whatsappId);
    await this.retire(s, "end");
  }

  /** Ends the socket and opens a new one from the same credentials (watchdog, restart). */
  async reopen(s: Session, why: string): Promise<void> {
    if (this.sessions.get(s.whatsappId) !== s) return;
    this.ctx.log.info(`whatsapp ${s.whatsappId}: reopening (${why})`);
    this.cancelPending(s, why);
    await this.retire(s, "end");
    s.attempts = 0;
    await this.open(s);
  }

  /** Shutdown: end sockets without logging out (the next boot resumes them) and give the leases back. */
  async shutdown(): Promise<void> {
    this.stopped = true;
    this.loops.stop();
    const all = [...this.sessions.values()];
    this.sessions.clear();
    for (const s of all) this.forgotten(s.whatsappId);
    await Promise.all(
      all.map(async (s) => {
        this.cancelPending(s, "server stopping");
        await this.retire(s, "end");
        await this.leases.release(s.whatsappId).catch((err) => this.ctx.log.warn(`whatsapp ${s.whatsappId}: lease not released`, err));
      }),
    );
    await Promise.allSettled([...this.queues.values()]);
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Sessions driven here (the lease and watchdog loops walk them). */
  all(): Session[] {
    return [...this.sessions.values()];
  }

  /** Runs `work` after every earlier change of the same session. */
  serial<T>(whatsappId: number, work: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(whatsappId) ?? Promise.resolve()).then(work, work);
    const tail = run.then(
      () => {},
      () => {},
    );
    this.queues.set(whatsappId, tail);
    void tail.then(() => {
      if (this.queues.get(whatsappId) === tail) this.queues.delete(whatsappId);
    });
    return run;
  }

  // ---- internals ----

  /** The session is no longer driven here: its deliveries go to whichever process takes the lease next. */
  private forgotten(whatsappId: number): void {
    this.ctx.jobs.release(sessionResource(whatsappId));
  }

  /** The company's connection of channel "whatsapp", or the route's error. */
  private async whatsappConnection(companyId: number, whatsappId: number): Promise<ConnectionRow> {
    const row = await this.status.connection(companyId, whatsappId);
    if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
    if (row.channel !== "whatsapp") throw new AppError("ERR_VALIDATION", { fields: { channel: "Not a WhatsApp connection" } });
    return row;
  }

  /** Logout when a socket is here, wipe the keys, give the lease up (taking it from another server too). */
  private async forget(whatsappId: number): Promise<void> {
    this.loops.cancelStandby(whatsappId);
    const s = this.sessions.get(whatsappId);
    if (s) {
      this.cancelPending(s, "session reset");
      this.sessions.delete(whatsappId);
      this.forgotten(whatsappId);
      await this.retire(s, "logout");
    }
    await this.auth.wipe(whatsappId);
    // Deleting the row whoever holds it: a server still driving the old keys loses its next renewal and lets go.
    await this.leases.revoke(whatsappId);
  }

  private async open(s: Session): Promise<void> {
    if (this.stopped || this.sessions.get(s.whatsappId) !== s) return;
    const row = await this.status.connection(s.companyId, s.whatsappId);
    if (!row) return this.drop(s, "connection gone");
    // A reconnect or restart racing the company being disabled: end here, keys kept.
    if (await this.pause.holds(s.companyId)) return this.finish(s, { status: "DISCONNECTED", qrcode: "", retries: 0 });
    s.auth ??= await this.auth.load(s.companyId, s.whatsappId);
    s.qrCount = 0;
    await this.status.publish(s.companyId, s.whatsappId, { status: "OPENING", qrcode: "", retries: s.attempts });
    let socket: WaSocketLike;
    try {
      socket = await this.boundary.makeSocket({
        companyId: s.companyId,
        whatsappId: s.whatsappId,
        auth: s.auth.state,
        syncFullHistory: row.enableImportMessage,
        getMessage: async (key) => (this.messageLookup ? this.messageLookup(s.whatsappId, key) : undefined),
      });
    } catch (err) {
      this.ctx.log.error(`whatsapp ${s.whatsappId}: socket could not be opened`, err);
      return this.scheduleReconnect(s);
    }
    if (this.stopped || this.sessions.get(s.whatsappId) !== s) {
      await Promise.resolve(socket.end(undefined)).catch(() => {});
      return;
    }
    const live: LiveSession = { companyId: s.companyId, whatsappId: s.whatsappId, socket, connected: false };
    s.live = live;
    s.lastEventAt = Date.now();
    this.attach(s, live, s.auth);
  }

  /** Our listeners, then the message layer's hooks: all before the first event flows. */
  private attach(s: Session, live: LiveSession, auth: DbAuth): void {
    const { ev } = live.socket;
    const touch = () => void (s.lastEventAt = Date.now());
    const onUpdate = (update: Partial<ConnectionState>) => {
      touch();
      this.serial(s.whatsappId, () => this.onConnectionUpdate(s, live, update)).catch((err) => this.ctx.log.error(`whatsapp ${s.whatsappId}: connection update failed`, err));
    };
    const onCreds = (update: Partial<DbAuth["state"]["creds"]>) => {
      touch();
      Object.assign(auth.state.creds, update);
      // Errors are logged by the store; the queue keeps them from stopping the session.
      this.serial(s.whatsappId, async () => {
        if (s.live === live) await auth.saveCreds();
      }).catch(() => {});
    };
    ev.on("connection.update", onUpdate);
    ev.on("creds.update", onCreds);
    for (const e of ACTIVITY) ev.on(e, touch);
    s.detach.push(() => {
      ev.off("connection.update", onUpdate);
      ev.off("creds.update", onCreds);
      for (const e of ACTIVITY) ev.off(e, touch);
    });
    for (const hook of this.hooks) {
      try {
        const detach = hook(live);
        if (typeof detach === "function") s.detach.push(detach);
      } catch (err) {
        this.ctx.log.error(`whatsapp ${s.whatsappId}: a socket hook failed`, err);
      }
    }
  }

  private async onConnectionUpdate(s: Session, live: LiveSession, update: Partial<ConnectionState>): Promise<void> {
    if (s.live !== live || this.sessions.get(s.whatsappId) !== s) return; // an old socket's late event
    if (update.qr) await this.onQr(s, live, update.qr);
    if (update.connection === "open") await this.onOpen(s, live);
    else if (update.connection === "close") await this.onClose(s, live, statusCodeOf(update.lastDisconnect?.error));
  }

  private async onQr(s: Session, live: LiveSession, qr: string): Promise<void> {
    s.qrCount++;
    if (s.qrCount > 1 + this.tuning.maxQrRefreshes) {
      this.ctx.log.info(`whatsapp ${s.whatsappId}: nobody scanned ${s.qrCount - 1} QR codes, giving up`);
      return this.finish(s, { status: "TIMEOUT", qrcode: "" });
    }
    const pairing = s.pairing;
    if (pairing?.requested) return; // the code shown stays valid while the socket lives
    if (pairing) {
      pairing.requested = true;
      try {
        const code = await live.socket.requestPairingCode(pairing.digits);
        await this.status.publish(s.companyId, s.whatsappId, { status: "PAIRING", qrcode: "" }, { pairingCode: code });
        pairing.resolve(code);
        return;
      } catch (err) {
        this.ctx.log.warn(`whatsapp ${s.whatsappId}: pairing code refused, showing the QR instead`, err instanceof Error ? err.message : err);
        s.pairing = undefined;
        pairing.reject(new AppError("ERR_WAPP_NOT_INITIALIZED", { reason: "PAIRING_CODE_REFUSED" }));
      }
    }
    await this.status.publish(s.companyId, s.whatsappId, { status: "qrcode", qrcode: qr, retries: s.qrCount });
  }

  private async onOpen(s: Session, live: LiveSession): Promise<void> {
    live.connected = true;
    s.attempts = 0;
    s.qrCount = 0;
    s.pairing = undefined;
    const id = live.socket.user?.id ?? s.auth?.state.creds.me?.id ?? "";
    const number = id.split(/[:@]/)[0]!.replace(/\D/g, "");
    this.ctx.log.info(`whatsapp ${s.whatsappId}: connected`);
    await this.status.publish(s.companyId, s.whatsappId, { status: "CONNECTED", qrcode: "", number, retries: 0 });
  }

  private async onClose(s: Session, live: LiveSession, code: number | undefined): Promise<void> {
    const wasPaired = isPaired(s.auth?.state.creds);
    await this.retire(s, "closed");
    this.ctx.log.info(`whatsapp ${s.whatsappId}: connection closed (${code ?? "no code"})`);
    if (code === RESTART_REQUIRED) return this.open(s); // WhatsApp asks for it right after pairing
    if (code !== undefined && CREDENTIALS_DEAD.has(code)) {
      await this.auth.wipe(s.whatsappId);
      s.auth = undefined;
      return this.finish(s, { status: "DISCONNECTED", qrcode: "", retries: 0 });
    }
    if (code === CONNECTION_REPLACED) return this.replaced(s);
    // Unpaired and QR already shown: the codes ran out (Baileys closes with 408); retrying would only show more.
    if (!wasPaired && s.qrCount > 0) return this.finish(s, { status: "TIMEOUT", qrcode: "" });
    void live;
    return this.scheduleReconnect(s);
  }

  /**
   * WhatsApp closed the socket because the same credentials connected elsewhere (440). Never a
   * reconnect: the two would take the number from each other in a loop. When another process
   * holds the lease now (this one stalled past it and was taken over), it drives the session: this
   * one only lets go, and touches neither the lease nor the status, which are that process's. When
   * the lease is still ours, the replacement came from outside the deployment: the session ends
   * here, DISCONNECTED, keys kept, and the lease goes back.
   */
  private async replaced(s: Session): Promise<void> {
    const kept = await this.leases.renew([s.whatsappId]).catch(() => new Set<number>());
    if (kept.has(s.whatsappId)) return this.finish(s, { status: "DISCONNECTED", qrcode: "", retries: 0 });
    this.ctx.log.info(`whatsapp ${s.whatsappId}: connection replaced by the server that holds the lease now; letting go`);
    this.cancelPending(s, "replaced");
    if (this.sessions.get(s.whatsappId) === s) {
      this.sessions.delete(s.whatsappId);
      this.forgotten(s.whatsappId);
    }
  }

  private async scheduleReconnect(s: Session): Promise<void> {
    s.attempts++;
    const delay = backoffDelay(s.attempts, this.tuning);
    this.ctx.log.info(`whatsapp ${s.whatsappId}: reconnect ${s.attempts} in ${delay} ms`);
    await this.status.publish(s.companyId, s.whatsappId, { status: "OPENING", qrcode: "", retries: s.attempts });
    if (s.reconnectTimer) clearTimeout(s.reconnectTimer);
    s.reconnectTimer = setTimeout(() => {
      s.reconnectTimer = undefined;
      this.serial(s.whatsappId, async () => {
        if (!s.live) await this.open(s);
      }).catch((err) => this.ctx.log.error(`whatsapp ${s.whatsappId}: reconnect failed`, err));
    }, delay);
  }

  /** The session ends here with a final status; the lease goes back. */
  private async finish(s: Session, patch: ConnectionStatusPatch): Promise<void> {
    this.cancelPending(s, String(patch.status));
    await this.retire(s, "end");
    if (this.sessions.get(s.whatsappId) === s) {
      this.sessions.delete(s.whatsappId);
      this.forgotten(s.whatsappId);
    }
    await this.leases.release(s.whatsappId);
    await this.status.publish(s.companyId, s.whatsappId, patch);
  }

  /** Stops a pending reconnect and a pending pairing answer. */
  private cancelPending(s: Session, why: string): void {
    if (s.reconnectTimer) clearTimeout(s.reconnectTimer);
    s.reconnectTimer = undefined;
    s.pairing?.reject(new AppError("ERR_WAPP_NOT_INITIALIZED", { reason: `SESSION_${why.toUpperCase().replace(/\W+/g, "_")}` }));
    s.pairing = undefined;
  }

  /** Detaches every listener from the current socket, then closes it ("closed": it already is). */
  private async retire(s: Session, how: "closed" | "end" | "logout"): Promise<void> {
    const live = s.live;
    if (!live) return;
    s.live = undefined;
    live.connected = false;
    for (const detach of s.detach.splice(0)) {
      try {
        detach();
      } catch (err) {
        this.ctx.log.warn(`whatsapp ${s.whatsappId}: detaching a listener failed`, err);
      }
    }
    if (how === "logout")
      await within(5_000, live.socket.logout()).catch((err) => this.ctx.log.warn(`whatsapp ${s.whatsappId}: logout failed`, err instanceof Error ? err.message : err));
    if (how !== "closed") await within(5_000, Promise.resolve(live.socket.end(undefined))).catch(() => {});
  }

  private async withPairingTimeout(whatsappId: number, code: Promise<string>): Promise<string> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AppError("ERR_WAPP_NOT_INITIALIZED", { reason: "PAIRING_CODE_TIMEOUT" })), this.tuning.pairingTimeoutMs);
    });
    try {
      return await Promise.race([code, timeout]);
    } catch (err) {
      // Keep the socket: the QR it shows next still pairs.
      const s = this.sessions.get(whatsappId);
      if (s?.pairing && !s.pairing.requested) s.pairing = undefined;
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }
}
