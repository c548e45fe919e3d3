import type { Namespace } from "socket.io";
import type { RedisClient } from "../redis/redis.ts";

/** A recovered socket's missed events (by socket id), with the rooms it had when it dropped. */
export type MissedPackets = Map<string, { rooms: readonly string[]; packets: unknown[][] }>;

/** What Socket.IO's connection-state recovery gets back from an adapter. */
interface RestoredSession {
  sid: string;
  rooms: string[];
  missedPackets: unknown[][];
}

interface RecoveringAdapter {
  restoreSession(pid: string, offset: string): Promise<RestoredSession | null>;
}

/** How long held packets wait for their socket's handshake to finish (a refused one never claims them). */
const HOLD_MS = 30_000;

/**
 * The Redis streams adapter (`@socket.io/redis-streams-adapter`, loaded only with REDIS_URL):
 * broadcasts and room operations reach every process, and a dropped client's session and the
 * events it missed live in Redis, so it may come back on any process. One change: Socket.IO
 * writes a restored session's missed events to the client as it builds the socket, before the
 * handshake checks ran; here they are held in `missed` instead and sent by the connection
 * handler once the socket was admitted (core/realtime/realtime.ts, `replay`).
 */
export async function clusterAdapter(redis: RedisClient, missed: MissedPackets) {
  const { createAdapter } = await import("@socket.io/redis-streams-adapter");
  const streams = createAdapter(redis, { streamName: "atende:realtime", sessionKeyPrefix: "atende:realtime:session:" });
  // Socket.IO calls it with `new`: a function (not an arrow) whose returned object is the adapter.
  return function recoveringAdapter(nsp: Namespace) {
    const adapter = streams(nsp);
    const recovering = adapter as unknown as RecoveringAdapter;
    const restore = recovering.restoreSession.bind(adapter);
    recovering.restoreSession = async (pid, offset) => {
      const session = await restore(pid, offset);
      if (session) {
        missed.set(session.sid, { rooms: [...session.rooms], packets: session.missedPackets });
        session.missedPackets = [];
        const timer = setTimeout(() => missed.delete(session.sid), HOLD_MS);
        (timer as { unref?: () => void }).unref?.();
      }
      return session;
    };
    return adapter;
  };
}
