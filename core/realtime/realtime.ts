import type { Namespace, Server, Socket } from "socket.io";
import type { CompanyAccessState } from "../auth/company-access.ts";
import type { Db } from "../db/database.ts";
import type { UserRow } from "../db/rows.ts";
import type { Logger } from "../log.ts";
import type { RedisClient } from "../redis/redis.ts";
import { currentUser } from "../auth/current-user.ts";
import { admitSocket } from "./socket-admission.ts";
import { clusterAdapter, type MissedPackets } from "./cluster-adapter.ts";

/** What a realtime connection knows about its user: their current rights, refreshed when they change. */
export interface SocketUser {
  id: number;
  companyId: number;
  profile: "user" | "admin";
  super: boolean;
}

declare module "socket.io" {
  interface SocketData {
    user: SocketUser;
    /** When the handshake's access token expires (ms since the epoch): the socket is dropped then. */
    expiresAt: number;
    /** Let in on the refresh cookie: at `expiresAt` its transport is closed instead, so the client reconnects with its current cookie. */
    viaCookie: boolean;
  }
}

type ConnectionHandler = (socket: Socket, user: SocketUser) => void;

/**
 * The rooms a user's sockets belong to, decided from the user's current row. It runs when
 * a socket connects and again, for each of the user's sockets, whenever `refreshUser` says
 * their rights changed. `joined` holds the rooms the socket is in before the run (besides
 * its own and its user room; empty at connection): rooms a client asked to join (an open
 * chat) stay only if a policy returns them again, so every room is owned by some policy.
 */
export type RoomPolicy = (user: UserRow, joined: ReadonlySet<string>) => string[] | Promise<string[]>;

/** What `roomPolicy` answers: a refresh that re-runs that policy alone. */
export interface RoomPolicyHandle {
  /**
   * Re-reads the user and recomputes only this policy's rooms for each of their sockets: the
   * rooms it gave before and no longer gives are left (unless another policy gives them too),
   * the others untouched. For a change only this policy depends on (a chat's members).
   */
  refreshUser(userId: number): Promise<void>;
}

export interface RealtimeOptions {
  jwtSecret: string;
  /** The refresh cookie's secret: a handshake without a token is let in on the cookie (same-origin clients). */
  refreshSecret: string;
  /** TRUST_PROXY's hop count: whose `X-Forwarded-Host` a cookie handshake's Origin is checked against. */
  trustProxy?: number;
  log: Logger;
  /** Where the handshake and `refreshUser` read the user's current row. */
  db: Db;
  /** Whether a company may connect: a disabled one is refused (overdue ones are let in). */
  companyState: (companyId: number) => Promise<CompanyAccessState>;
  /** The web app's origin when it is served elsewhere (CORS with credentials). */
  corsOrigin?: string;
  /**
   * REDIS_URL's client: events, room changes and rights changes then reach every process's
   * sockets (the Redis streams adapter), and a client reconnecting to another process gets
   * the events it missed. Without it everything stays in this process, as before.
   */
  redis?: RedisClient | null;
}

/** How long a dropped client's missed events are kept for it (Socket.IO's connection-state recovery, with Redis only). */
export const RECOVERY_MS = 2 * 60_000;

/** What one process asks the others to do with their own sockets (Socket.IO's serverSideEmit). */
const CLUSTER = { emitAll: "atende:emitAll", refresh: "atende:refreshUser", dropUser: "atende:disconnectUser", dropCompany: "atende:disconnectCompany" } as const;

const companyNamespace = /^\/(\d+)$/;
/** socket.io-parser's EVENT packet type. */
const EVENT_PACKET = 2;
const socketUser = (u: UserRow): SocketUser => ({ id: u.id, companyId: u.companyId, profile: u.profile, super: u.super });

/**
 * Socket.IO v4 with one namespace per company (`/<companyId>`). The handshake must carry
 * the access token (`auth: { token }`, or the places socket-admission.ts lists) or, from our
 * own origin, the refresh cookie; the namespace must be the user's company, the
 * user must still exist and the company must not be disabled; anything else is refused
 * before a single event flows. A socket's rights then follow the user: it is dropped when
 * its token expires, when the user is deleted or the company disabled, and its rooms are
 * recomputed (room policies) when the user's rights change. Events use the spec's names,
 * `company-{id}-<topic>` with `{ action, <record> }` payloads.
 */
export class Realtime {
  private server: Server | null = null;
  private loading: Promise<Server> | null = null;
  private handlers: ConnectionHandler[] = [];
  private policies: RoomPolicy[] = [];
  /** Each socket's policy runs in order, so a quick second change never lands before the first. */
  private policyRuns = new WeakMap<Socket, Promise<void>>();
  /** Per socket, the rooms each policy gave at its last run: a one-policy refresh leaves only its own. */
  private given = new WeakMap<Socket, Map<RoomPolicy, ReadonlySet<string>>>();
  /** The row the handshake read, handed to the same socket's connection: the policies' first run needs it, and reading it again would double the handshake's cost. */
  private admitted = new WeakMap<Socket, UserRow>();
  /** Recovered sockets' missed events, held until the handshake admitted them again and their rooms were recomputed. */
  private missed: MissedPackets = new Map();
  /** The company pattern's parent namespace: a company namespace another process serves is created through it (same middleware). */
  private parent: Namespace | null = null;
  private log: Logger;

  constructor(private options: RealtimeOptions) {
    this.log = options.log;
  }

  /**
   * The Socket.IO server, created on first need: the runtime entry asks for it when the first
   * `/socket.io/` request arrives (Bun) or before listening (Node, Deno). Socket.IO is among the
   * largest modules of the server, and nobody can be connected before it exists, so until then
   * `emit` has no one to tell (boot time and idle memory, issue 17).
   * @example const io = await kernel.realtime.load(); io.bind(engine);
   */
  load(): Promise<Server> {
    this.loading ??= import("socket.io").then(async ({ Server }) => {
      const { corsOrigin, redis } = this.options;
      // skipMiddlewares off (Socket.IO's default is on): a recovered socket is admitted again like any
      // other, so a token that expired or a user deleted while it was away does not ride the old session.
      const recovery = { maxDisconnectionDuration: RECOVERY_MS, skipMiddlewares: false };
      const cluster = redis ? { adapter: await clusterAdapter(redis, this.missed), connectionStateRecovery: recovery } : {};
      const io = new Server({ path: "/socket.io/", cors: corsOrigin ? { origin: corsOrigin, credentials: true } : undefined, serveClient: false, ...cluster });
      this.parent = io.of(companyNamespace);
      this.prepare(this.parent);
      // The root namespace serves nobody: everything is per company.
      io.of("/").use((_socket, next) => next(new Error("ERR_NO_PERMISSION")));
      this.server = io;
      if (redis) this.listenToPeers(io);
      return io;
    });
    return this.loading;
  }

  /** Whether other processes share the sockets (REDIS_URL): then Socket.IO is loaded at boot, not on the first connection. */
  get clustered(): boolean {
    return !!this.options.redis;
  }

  /** What the other processes ask of this one's sockets (none of it is a room operation). */
  private listenToPeers(io: Server): void {
    const root = io.of("/");
    root.on(CLUSTER.emitAll, (event: string, payload: unknown, room?: string) => this.emitAllHere(event, payload, room));
    root.on(CLUSTER.refresh, (userId: number, only?: number[]) => {
      const policies = only ? only.map((i) => this.policies[i]).filter((p): p is RoomPolicy => !!p) : this.policies;
      this.refreshHere(userId, policies).catch((err) => this.log.error("realtime refresh asked by another process failed", err));
    });
    root.on(CLUSTER.dropUser, (userId: number) => this.disconnectUserHere(userId));
    root.on(CLUSTER.dropCompany, (companyId: number) => this.disconnectCompanyHere(companyId));
  }

  /** Tells the other processes (none without REDIS_URL); this process does its own part itself. */
  private tellPeers(event: string, ...args: unknown[]): void {
    if (this.clustered) this.server?.serverSideEmit(event, ...args);
  }

  /** The Socket.IO server once `load` created it (sockets exist only then). */
  get io(): Server {
    if (!this.server) throw new Error("realtime is not loaded yet: await realtime.load()");
    return this.server;
  }

  /** The company namespaces that exist (none before Socket.IO is loaded). */
  private namespaces(): Iterable<[string, Namespace]> {
    return this.server?._nsps ?? [];
  }

  /** Registers what to do with each authenticated connection once (listen to client events). Rooms that depend on the user's rights belong in a `roomPolicy`. */
  onConnection(handler: ConnectionHandler): void {
    this.handlers.push(handler);
  }

  /**
   * Registers a room policy: the rooms a user's sockets join, re-run with the user's fresh
   * row whenever `refreshUser` is called for them, so a demoted or moved user leaves the
   * rooms they may no longer read.
   * @example
   *   realtime.roomPolicy((user) => [user.profile === "admin" ? "orders-admins" : "orders-readers"]);
   *   // after changing the user's rights:
   *   await realtime.refreshUser(userId);
   *   // or, when only this policy's answer can have changed:
   *   const rooms = realtime.roomPolicy(policy); await rooms.refreshUser(userId);
   */
  roomPolicy(policy: RoomPolicy): RoomPolicyHandle {
    this.policies.push(policy);
    // Every process registers the same policies in the same order: an index names one to the others.
    const index = this.policies.length - 1;
    return {
      refreshUser: (userId) => {
        this.tellPeers(CLUSTER.refresh, userId, [index]);
        return this.refreshHere(userId, [policy]);
      },
    };
  }

  /**
   * Re-reads the user and recomputes the rooms of each of their sockets (and
   * `socket.data.user`); a user who no longer exists is disconnected. Call it after a
   * change to their profile, queues or permission flags. Costs nothing when they have no
   * socket on this node. With REDIS_URL every other process does the same for its sockets
   * (the promise waits for this process's only).
   * @example
   *   bus.on("users.user.updated", ({ userId }) => realtime.refreshUser(userId));
   */
  refreshUser(userId: number): Promise<void> {
    this.tellPeers(CLUSTER.refresh, userId);
    return this.refreshHere(userId, this.policies);
  }

  /** refreshUser on this process's sockets, for some of the policies (all of them, or one through its handle). */
  private async refreshHere(userId: number, policies: readonly RoomPolicy[]): Promise<void> {
    if (!this.socketsOf(userId).length) return;
    const user = await currentUser(this.options.db, userId);
    if (!user) return this.disconnectUser(userId);
    const runs: Promise<void>[] = [];
    for (const socket of this.socketsOf(userId)) {
      // A user never changes company; if the row says otherwise, the socket is not theirs any more.
      if (socket.data.user.companyId !== user.companyId) socket.disconnect();
      else {
        socket.data.user = socketUser(user);
        runs.push(this.applyPolicies(socket, user, policies));
      }
    }
    await Promise.all(runs);
  }

  /**
   * Drops every socket of a user at once (deleted or disabled user). The client is told
   * ("io server disconnect") and Socket.IO does not reconnect it by itself.
   * @example
   *   bus.on("users.user.deleted", ({ userId }) => realtime.disconnectUser(userId));
   */
  disconnectUser(userId: number): void {
    this.tellPeers(CLUSTER.dropUser, userId);
    this.disconnectUserHere(userId);
  }

  private disconnectUserHere(userId: number): void {
    for (const socket of this.socketsOf(userId)) socket.disconnect();
  }

  /**
   * Drops every socket of a company (it was disabled); new handshakes are refused while
   * it stays disabled. Super users' sockets stay, as their HTTP access does.
   * @example
   *   companyAccess.onChange(({ companyId, state }) => state === "disabled" && realtime.disconnectCompany(companyId));
   */
  disconnectCompany(companyId: number): void {
    this.tellPeers(CLUSTER.dropCompany, companyId);
    this.disconnectCompanyHere(companyId);
  }

  private disconnectCompanyHere(companyId: number): void {
    for (const socket of this.namespace(companyId)?.sockets.values() ?? []) if (!socket.data.user.super) socket.disconnect();
  }

  /**
   * Takes the company's sockets out of `room`, except those also in one of the `keep` rooms
   * (none kept when `keep` is empty). For a room whose right follows a record rather than the
   * user (an open chat after its ticket was transferred, closed or deleted): `keep` names the
   * rooms of those who may still see the record, which the room policies keep in step with
   * each user's rights. One adapter operation, not a walk of this node's sockets, so a
   * cross-process adapter applies it on every node.
   * @example
   *   // the ticket moved to queue 7: only its new audience stays in the chat's room
   *   realtime.leaveRoom(companyId, `ticket-${uuid}`, ["tickets-admins", "queue-7", "user-12"]);
   */
  leaveRoom(companyId: number, room: string, keep: readonly string[] = []): void {
    const nsp = this.target(companyId);
    if (!nsp) return;
    const members = nsp.in(room);
    (keep.length ? members.except([...keep]) : members).socketsLeave(room);
  }

  /**
   * Sends `event` to everyone connected to the company, or only to the sockets in
   * `room` (several rooms: each socket receives the event once). Sockets in an `except`
   * room are skipped (e.g. LGPD-masked viewers who get a masked variant of the payload).
   */
  emit(companyId: number, event: string, payload: unknown, room?: string | string[], except?: string | string[]): void {
    const nsp = this.target(companyId);
    // Nobody of the company is connected (the in-memory adapter knows every socket): building
    // and encoding the packet for no one cost as much as some of the writes behind it. With
    // REDIS_URL the company's sockets may sit on another process: the adapter decides.
    if (!nsp || (!this.clustered && nsp.sockets.size === 0)) return;
    const target = room ? nsp.to(room) : nsp;
    (except?.length ? target.except(except) : target).emit(event, payload);
  }

  /**
   * Sends `event` to every company (platform announcements); with `room`, only to the
   * sockets of that room in each company (e.g. the super users' room).
   */
  emitAll(event: string, payload: unknown, room?: string): void {
    // A process only knows the company namespaces its own sockets opened: each one sends to its own.
    this.tellPeers(CLUSTER.emitAll, event, payload, room);
    this.emitAllHere(event, payload, room);
  }

  private emitAllHere(event: string, payload: unknown, room?: string): void {
    for (const [name, nsp] of this.namespaces()) {
      if (!companyNamespace.test(name)) continue;
      // Clustered, a namespace's own emit would reach the other processes too, which send it themselves.
      const scope = this.clustered ? nsp.local : nsp;
      (room ? scope.to(room) : scope).emit(event, payload);
    }
  }

  /** The room a user's own sockets join, for events meant for one person. */
  static userRoom(userId: number): string {
    return `user-${userId}`;
  }

  /** Sockets connected for a company (for online counts and tests). */
  async connectedUsers(companyId: number): Promise<number[]> {
    const sockets = (await this.target(companyId)?.fetchSockets()) ?? [];
    return [...new Set(sockets.map((s) => s.data.user.id))];
  }

  /**
   * The company's namespace if anyone ever connected to it. Never created here: `io.of`
   * would attach a child to the company pattern, which is what a connection does anyway.
   */
  private namespace(companyId: number): Namespace | undefined {
    return this.server?._nsps.get(`/${companyId}`);
  }

  /**
   * Where an operation on the company's sockets goes: its namespace here, or, with REDIS_URL,
   * one created through the company pattern (the same handshake checks as a connection's) so
   * the adapter carries the operation to the processes its sockets are on.
   */
  private target(companyId: number): Namespace | undefined {
    const here = this.namespace(companyId);
    if (here || !this.clustered || !this.parent) return here;
    return (this.parent as unknown as { createChild(name: string): Namespace }).createChild(`/${companyId}`);
  }

  /** This node's sockets of a user, through the user room of each company namespace (no scan of all sockets). */
  private socketsOf(userId: number): Socket[] {
    const room = Realtime.userRoom(userId);
    const found: Socket[] = [];
    for (const [name, nsp] of this.namespaces()) {
      if (!companyNamespace.test(name)) continue;
      for (const id of nsp.adapter.rooms.get(room) ?? []) {
        const socket = nsp.sockets.get(id);
        if (socket) found.push(socket);
      }
    }
    return found;
  }

  /** Queues a run of the policies (by default every one) for the socket after the runs already queued. */
  private applyPolicies(socket: Socket, user: UserRow, policies: readonly RoomPolicy[] = this.policies): Promise<void> {
    const run = (this.policyRuns.get(socket) ?? Promise.resolve()).then(() => this.runPolicies(socket, user, policies));
    // A failed run must not stop the later ones; its caller still sees the failure.
    this.policyRuns.set(
      socket,
      run.catch(() => {}),
    );
    return run;
  }

  /**
   * Joins the rooms the policies want and leaves those they no longer return; a failing policy
   * keeps none of its rooms. Every policy run: any other room is left (rooms a client joined
   * stay only if a policy returns them). Some of them: only the rooms those gave before are
   * candidates to leave, and a room another policy gave stays.
   */
  private async runPolicies(socket: Socket, user: UserRow, policies: readonly RoomPolicy[]): Promise<void> {
    if (socket.disconnected) return;
    const own = new Set([socket.id, Realtime.userRoom(user.id)]);
    const joined = new Set([...socket.rooms].filter((room) => !own.has(room)));
    const given = new Map(this.given.get(socket));
    const fresh = new Map<RoomPolicy, ReadonlySet<string>>();
    for (const policy of policies) {
      try {
        fresh.set(policy, new Set(await policy(user, joined)));
      } catch (err) {
        this.log.error("realtime room policy failed", err);
        fresh.set(policy, new Set());
      }
    }
    if (socket.disconnected) return;
    const wanted = new Set<string>();
    for (const rooms of fresh.values()) for (const room of rooms) wanted.add(room);
    const kept = new Set(wanted);
    let candidates: Iterable<string> = joined;
    if (policies !== this.policies) {
      // The rooms of the policies not run now stay as they are.
      for (const [policy, rooms] of given) if (!fresh.has(policy)) for (const room of rooms) kept.add(room);
      candidates = policies.flatMap((policy) => [...(given.get(policy) ?? [])]);
    }
    for (const [policy, rooms] of fresh) given.set(policy, rooms);
    this.given.set(socket, given);
    for (const room of candidates) if (joined.has(room) && !kept.has(room)) await socket.leave(room);
    if (wanted.size) await socket.join([...wanted]);
  }

  /** The company pattern's namespaces get the auth check, the expiry timer, the policies and the connection handlers. */
  private prepare(nsp: Namespace) {
    nsp.use(async (socket, next) => {
      try {
        const admission = await admitSocket(socket.handshake, socket.nsp.name, this.options);
        if ("refused" in admission) return next(new Error(admission.refused));
        socket.data.user = socketUser(admission.user);
        socket.data.expiresAt = admission.expiresAt;
        socket.data.viaCookie = admission.via === "cookie";
        this.admitted.set(socket, admission.user);
        next();
      } catch (err) {
        this.log.error("realtime handshake failed", err);
        next(new Error("ERR_INTERNAL"));
      }
    });
    nsp.on("connection", (socket) => {
      const user = socket.data.user;
      // An access token is worth 15 minutes over HTTP; a socket opened with it is worth no more.
      // A cookie socket's client holds no token to renew: closing its transport (not a server
      // disconnect, which clients do not retry) makes it reconnect with the cookie it has now,
      // and a revoked session is refused then.
      const expire = () => (socket.data.viaCookie ? socket.conn.close() : socket.disconnect());
      const expiry = setTimeout(expire, Math.max(0, socket.data.expiresAt - Date.now()));
      socket.once("disconnect", () => clearTimeout(expiry));
      socket.join(Realtime.userRoom(user.id));
      for (const h of this.handlers) {
        try {
          h(socket, user);
        } catch (err) {
          this.log.error("realtime connection handler failed", err);
        }
      }
      const row = this.admitted.get(socket);
      this.admitted.delete(socket);
      const missed = socket.recovered ? this.missed.get(socket.id) : undefined;
      this.missed.delete(socket.id);
      if (row)
        this.applyPolicies(socket, row)
          .then(() => missed && this.replay(socket, missed))
          .catch((err) => this.log.error("realtime room policies failed", err));
    });
  }

  /**
   * Sends a recovered socket the events it missed, once the handshake admitted it again (the
   * adapter would have sent them before any check) and the policies recomputed its rooms. When
   * the user lost a room meanwhile, some of them may no longer be theirs to read: the transport
   * is closed instead, and the client reconnects as a new socket and reads its lists again.
   */
  private replay(socket: Socket, missed: { rooms: readonly string[]; packets: unknown[][] }): void {
    if (socket.disconnected) return;
    if (missed.rooms.some((room) => room !== socket.id && !socket.rooms.has(room))) {
      socket.conn.close();
      return;
    }
    // Socket.emit would store each again under a new offset: the packets go out as they were kept, offset included.
    const raw = socket as unknown as { packet(packet: { type: number; data: unknown[] }): void };
    for (const data of missed.packets) raw.packet({ type: EVENT_PACKET, data });
  }

  /** Disconnects every socket. Without a bound engine (tests) socket.io's close throws; that is fine. */
  async close(): Promise<void> {
    await this.server?.close().catch(() => {});
  }
}
