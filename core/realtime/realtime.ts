import { Server, type Namespace, type Socket } from "socket.io";
import { readAccessToken } from "../auth/tokens.ts";
import type { Logger } from "../log.ts";

/** What a realtime connection knows about its user (from the handshake token). */
export interface SocketUser {
  id: number;
  companyId: number;
  profile: "user" | "admin";
  super: boolean;
}

declare module "socket.io" {
  interface SocketData {
    user: SocketUser;
  }
}

type ConnectionHandler = (socket: Socket, user: SocketUser) => void;
const companyNamespace = /^\/(\d+)$/;

/**
 * Socket.IO v4 with one namespace per company (`/<companyId>`). The handshake must carry
 * the access token (`auth: { token }`) and the namespace must be the token's company;
 * anything else is refused before a single event flows. Events use the spec's names,
 * `company-{id}-<topic>` with `{ action, <record> }` payloads.
 */
export class Realtime {
  readonly io: Server;
  private handlers: ConnectionHandler[] = [];
  private prepared = new WeakSet<Namespace>();

  constructor(
    private jwtSecret: string,
    private log: Logger,
    corsOrigin?: string,
  ) {
    this.io = new Server({ path: "/socket.io/", cors: corsOrigin ? { origin: corsOrigin, credentials: true } : undefined, serveClient: false });
    this.prepare(this.io.of(companyNamespace));
    // The root namespace serves nobody: everything is per company.
    this.io.of("/").use((_socket, next) => next(new Error("ERR_NO_PERMISSION")));
  }

  /** Registers what to do with each authenticated connection (join rooms, listen to client events). */
  onConnection(handler: ConnectionHandler): void {
    this.handlers.push(handler);
  }

  /**
   * Sends `event` to everyone connected to the company, or only to the sockets in
   * `room` (several rooms: each socket receives the event once). Sockets in an `except`
   * room are skipped (e.g. LGPD-masked viewers who get a masked variant of the payload).
   */
  emit(companyId: number, event: string, payload: unknown, room?: string | string[], except?: string | string[]): void {
    const nsp = this.namespace(companyId);
    // Nobody of the company is connected (the in-memory adapter knows every socket): building
    // and encoding the packet for no one cost as much as some of the writes behind it.
    if (nsp.sockets.size === 0) return;
    const target = room ? nsp.to(room) : nsp;
    (except?.length ? target.except(except) : target).emit(event, payload);
  }

  /**
   * Sends `event` to every company (platform announcements); with `room`, only to the
   * sockets of that room in each company (e.g. the super users' room).
   */
  emitAll(event: string, payload: unknown, room?: string): void {
    for (const [name, nsp] of this.io._nsps) if (companyNamespace.test(name)) (room ? nsp.to(room) : nsp).emit(event, payload);
  }

  /** The room a user's own sockets join, for events meant for one person. */
  static userRoom(userId: number): string {
    return `user-${userId}`;
  }

  /** Sockets connected for a company (for online counts and tests). */
  async connectedUsers(companyId: number): Promise<number[]> {
    const sockets = await this.namespace(companyId).fetchSockets();
    return [...new Set(sockets.map((s) => s.data.user.id))];
  }

  private namespace(companyId: number): Namespace {
    const nsp = this.io.of(`/${companyId}`);
    this.prepare(nsp);
    return nsp;
  }

  /** Every namespace, static or dynamic, gets the same auth check and connection handlers once. */
  private prepare(nsp: Namespace) {
    if (this.prepared.has(nsp)) return;
    this.prepared.add(nsp);
    nsp.use(async (socket, next) => {
      const token = typeof socket.handshake.auth?.token === "string" ? socket.handshake.auth.token : "";
      const claims = token ? await readAccessToken(token, this.jwtSecret) : null;
      if (!claims) return next(new Error("ERR_SESSION_EXPIRED"));
      if (socket.nsp.name !== `/${claims.companyId}`) return next(new Error("ERR_NO_PERMISSION"));
      socket.data.user = { id: claims.sub, companyId: claims.companyId, profile: claims.profile, super: claims.super };
      next();
    });
    nsp.on("connection", (socket) => {
      const user = socket.data.user;
      socket.join(Realtime.userRoom(user.id));
      for (const h of this.handlers) {
        try {
          h(socket, user);
        } catch (err) {
          this.log.error("realtime connection handler failed", err);
        }
      }
    });
  }

  /** Disconnects every socket. Without a bound engine (tests) socket.io's close throws; that is fine. */
  async close(): Promise<void> {
    await this.io.close().catch(() => {});
  }
}
