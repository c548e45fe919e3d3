import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const sockets: FakeSocket[] = [];
class FakeSocket {
  handlers = new Map<string, (...a: any[]) => void>();
  anyHandler: ((event: string, ...a: unknown[]) => void) | null = null;
  emitted: unknown[][] = [];
  connected = true;
  active = true;
  recovered = false;
  constructor(
    readonly url: string,
    readonly options: Record<string, any>,
  ) {
    sockets.push(this);
  }
  on(event: string, fn: (...a: any[]) => void) {
    this.handlers.set(event, fn);
    return this;
  }
  onAny(fn: (event: string, ...a: unknown[]) => void) {
    this.anyHandler = fn;
    return this;
  }
  emit(...args: unknown[]) {
    this.emitted.push(args);
    return this;
  }
  connect = vi.fn(() => this);
  disconnect = vi.fn(() => {
    this.connected = false;
    return this;
  });
}

vi.mock("socket.io-client", () => ({ io: (url: string, options: Record<string, unknown>) => new FakeSocket(url, options) }));
const refresh = vi.hoisted(() => ({ result: true }));
vi.mock("../api/api.ts", async (original) => ({
  ...(await original<typeof import("../api/api.ts")>()),
  refreshSession: vi.fn(async () => refresh.result),
}));

const { RealtimeClient, USER_STATUS_INTERVAL_MS } = await import("./realtime-client.ts");
const { tokenStore } = await import("../api/api.ts");

beforeEach(() => {
  sockets.length = 0;
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe("realtime client", () => {
  it("connects to the company namespace with the token, the user id and 1 s unlimited reconnects", () => {
    tokenStore.set("tok-1");
    const client = new RealtimeClient();
    client.connect(4, 9);
    const s = sockets[0];
    expect(s.url).toBe("/4");
    expect(s.options).toMatchObject({
      path: "/socket.io/",
      // No polling handshake: several server processes on one port need no sticky sessions.
      transports: ["websocket"],
      query: { userId: "9" },
      reconnection: true,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 1000,
    });
    // The auth callback reads the token at each (re)connection: a refreshed token is used.
    const auth = vi.fn();
    s.options.auth(auth);
    expect(auth).toHaveBeenCalledWith({ token: "tok-1" });
    tokenStore.set("tok-2");
    s.options.auth(auth);
    expect(auth).toHaveBeenLastCalledWith({ token: "tok-2" });
    client.disconnect();
  });

  it("hands server events to listeners and sends userStatus every 5 minutes", () => {
    const client = new RealtimeClient();
    const listener = vi.fn();
    client.on("company-4-ticket", listener);
    client.connect(4, 9);
    sockets[0].anyHandler?.("company-4-ticket", { action: "update", ticket: { id: 1 } });
    expect(listener).toHaveBeenCalledWith({ action: "update", ticket: { id: 1 } });
    vi.advanceTimersByTime(USER_STATUS_INTERVAL_MS);
    expect(sockets[0].emitted).toEqual([["userStatus"]]);
    client.disconnect();
    vi.advanceTimersByTime(USER_STATUS_INTERVAL_MS);
    expect(sockets[0].emitted).toHaveLength(1);
  });

  it("does not reconnect for the same user, and replaces the socket for another one", () => {
    const client = new RealtimeClient();
    client.connect(4, 9);
    client.connect(4, 9);
    expect(sockets).toHaveLength(1);
    client.connect(5, 11);
    expect(sockets).toHaveLength(2);
    expect(sockets[0].disconnect).toHaveBeenCalled();
    client.disconnect();
  });

  it("a handshake refused for an expired token refreshes the session and reconnects after 1 s", async () => {
    const client = new RealtimeClient();
    client.connect(4, 9);
    const s = sockets[0];
    s.active = false;
    s.handlers.get("connect_error")?.(new Error("ERR_SESSION_EXPIRED"));
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.connect).toHaveBeenCalledTimes(1);
    client.disconnect();
  });

  it("a socket the server dropped (token expired) refreshes the session and reconnects after 1 s", async () => {
    const client = new RealtimeClient();
    client.connect(4, 9);
    const s = sockets[0];
    s.connected = s.active = false;
    s.handlers.get("disconnect")?.("io server disconnect");
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.connect).toHaveBeenCalledTimes(1);
    client.disconnect();
  });

  it("a dropped socket whose session cannot be refreshed (deleted user) stays down", async () => {
    refresh.result = false;
    const client = new RealtimeClient();
    client.connect(4, 9);
    const s = sockets[0];
    s.handlers.get("disconnect")?.("io server disconnect");
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.connect).not.toHaveBeenCalled();
    refresh.result = true;
    client.disconnect();
  });

  it("transport losses are left to Socket.IO's own reconnection", async () => {
    const client = new RealtimeClient();
    client.connect(4, 9);
    const s = sockets[0];
    s.handlers.get("disconnect")?.("transport close");
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.connect).not.toHaveBeenCalled();
    client.disconnect();
  });

  it("after a gap (not on the first connect) the screens are told to read their data again", () => {
    const client = new RealtimeClient();
    const resync = vi.fn();
    const stop = client.onReconnected(resync);
    client.connect(4, 9);
    const s = sockets[0];
    s.handlers.get("connect")?.();
    expect(resync).not.toHaveBeenCalled();
    s.handlers.get("disconnect")?.("transport close");
    s.handlers.get("connect")?.();
    expect(resync).toHaveBeenCalledTimes(1);
    stop();
    s.handlers.get("connect")?.();
    expect(resync).toHaveBeenCalledTimes(1);
    client.disconnect();
  });

  it("a reconnection the server recovered (it sent the missed events) needs no re-read", () => {
    const client = new RealtimeClient();
    const resync = vi.fn();
    const stop = client.onReconnected(resync);
    client.connect(4, 9);
    const s = sockets[0];
    s.handlers.get("connect")?.();
    s.recovered = true;
    s.handlers.get("connect")?.();
    expect(resync).not.toHaveBeenCalled();
    s.recovered = false;
    s.handlers.get("connect")?.();
    expect(resync).toHaveBeenCalledTimes(1);
    stop();
    client.disconnect();
  });

  it("other refusals are not retried", async () => {
    const client = new RealtimeClient();
    client.connect(4, 9);
    const s = sockets[0];
    s.active = false;
    s.handlers.get("connect_error")?.(new Error("ERR_NO_PERMISSION"));
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.connect).not.toHaveBeenCalled();
    client.disconnect();
  });
});
