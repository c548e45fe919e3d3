import { io, type Socket } from "socket.io-client";
import { apiBase, refreshSession, tokenStore } from "../api/api.ts";

// biome-ignore lint/suspicious/noExplicitAny: each event's payload is typed by its handler; `unknown` here would refuse those handlers
export type RealtimeHandler = (payload: any, ...rest: unknown[]) => void;

/** Heartbeat of the user's presence (spec 000 §9: every 300000 ms). */
export const USER_STATUS_INTERVAL_MS = 300_000;
/** Reconnect after 1 second, without limit (spec 000 §7). */
export const RECONNECT_DELAY_MS = 1000;

/**
 * One Socket.IO connection per signed-in session, to the company's namespace. Listeners
 * are kept here rather than on the socket, so subscriptions survive reconnecting with a
 * new socket (new token, other company) and can be fed by tests with `deliver`.
 */
export class RealtimeClient {
  private socket: Socket | null = null;
  private listeners = new Map<string, Set<RealtimeHandler>>();
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private key = "";
  private resyncs = new Set<() => void>();

  /** Connects to `/{companyId}` (no-op when already connected there for this user). */
  connect(companyId: number, userId: number): void {
    const key = `${companyId}:${userId}`;
    if (this.socket && this.key === key) return;
    this.disconnect();
    this.key = key;
    const socket = io(`${apiBase}/${companyId}`, {
      path: "/socket.io/",
      // WebSocket from the start: the polling handshake's requests would have to reach one process
      // (sticky sessions) when several serve the port; one WebSocket is one connection to one process.
      transports: ["websocket"],
      // A function: every (re)connection reads the current token, so a refreshed one is used.
      auth: (cb) => cb({ token: tokenStore.get() ?? "" }),
      query: { userId: String(userId) },
      reconnection: true,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      reconnectionDelay: RECONNECT_DELAY_MS,
      reconnectionDelayMax: RECONNECT_DELAY_MS,
      randomizationFactor: 0,
    });
    socket.onAny((event: string, ...args: unknown[]) => this.deliver(event, ...args));
    // Events sent while a socket was away (a network gap, or the server dropping it when its token
    // expired) are lost: after every connection but the first, the screens read their data again,
    // unless the server recovered the session and sent what was missed (REDIS_URL deployments).
    let connectedBefore = false;
    socket.on("connect", () => {
      if (connectedBefore && !socket.recovered) this.resynced();
      connectedBefore = true;
    });
    socket.on("connect_error", (err) => {
      // A refused handshake (expired token) is not retried by Socket.IO: refresh, then retry.
      // Other refusals (another company's namespace) would fail the same way again.
      if (socket.active || err.message !== "ERR_SESSION_EXPIRED") return;
      this.retryWithFreshToken(socket);
    });
    socket.on("disconnect", (reason) => {
      // The server drops a socket when its token expires (or the user or company lost access),
      // and Socket.IO never reconnects after that by itself. Refresh and reconnect: a refused
      // refresh or handshake (deleted user, disabled company) ends it there.
      if (reason === "io server disconnect") this.retryWithFreshToken(socket);
    });
    this.socket = socket;
    this.heartbeat = setInterval(() => socket.connected && socket.emit("userStatus"), USER_STATUS_INTERVAL_MS);
  }

  /** After 1 s, refreshes the session and reconnects `socket` if it is still the current one. */
  private retryWithFreshToken(socket: Socket): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = setTimeout(async () => {
      if (this.socket === socket && (await refreshSession()) && this.socket === socket) socket.connect();
    }, RECONNECT_DELAY_MS);
  }

  disconnect(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.retry) clearTimeout(this.retry);
    this.heartbeat = this.retry = null;
    this.socket?.disconnect();
    this.socket = null;
    this.key = "";
  }

  /** Reconnects so the server sees a fresh token (after a refresh that changed the user's rights). */
  reconnect(): void {
    if (!this.socket) return;
    this.socket.disconnect().connect();
  }

  /**
   * Runs `resync` each time the connection comes back after a gap (not on the first connect);
   * returns the function that removes it.
   * @example realtimeClient.onReconnected(() => dispatch(api.internalActions.onOnline()));
   */
  onReconnected(resync: () => void): () => void {
    this.resyncs.add(resync);
    return () => this.resyncs.delete(resync);
  }

  /** Tells the screens to read their data again (the socket does this after a gap; tests too). */
  resynced(): void {
    for (const resync of [...this.resyncs]) {
      try {
        resync();
      } catch (err) {
        console.error("realtime resync failed", err);
      }
    }
  }

  get connected(): boolean {
    return !!this.socket?.connected;
  }

  /** Listens to a full event name; returns the unsubscribe function. */
  on(event: string, handler: RealtimeHandler): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
      if (!set.size) this.listeners.delete(event);
    };
  }

  /** Sends an event to the server (joinTickets, joinChatBox, ...). Dropped while disconnected, like Socket.IO's volatile emits. */
  emit(event: string, ...args: unknown[]): void {
    this.socket?.emit(event, ...args);
  }

  /** Hands an event to the listeners as if the server had sent it (the socket does this; tests too). */
  deliver(event: string, ...args: unknown[]): void {
    for (const handler of [...(this.listeners.get(event) ?? [])]) {
      try {
        handler(args[0], ...args.slice(1));
      } catch (err) {
        console.error(`realtime handler for "${event}" failed`, err);
      }
    }
  }
}

export const realtimeClient = new RealtimeClient();
