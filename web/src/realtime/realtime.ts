import { useEffect, useRef } from "react";
import { useAppSelector } from "../store/store.ts";
import { realtimeClient, type RealtimeHandler } from "./realtime-client.ts";

export { realtimeClient, RealtimeClient, RECONNECT_DELAY_MS, USER_STATUS_INTERVAL_MS, type RealtimeHandler } from "./realtime-client.ts";

/**
 * Listens to a full event name (e.g. "company-announcement") while the component is
 * mounted. The latest handler is always called, so it may close over fresh state.
 * @example useRealtimeEvent("company-announcement", ({ action, record }) => ...)
 */
export function useRealtimeEvent(eventName: string, handler: RealtimeHandler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => (eventName ? realtimeClient.on(eventName, (...args) => latest.current(...(args as [unknown]))) : undefined), [eventName]);
}

/**
 * Listens to `company-{companyId}-{topic}` of the signed-in user's company.
 * @example useCompanyEvent("user", ({ action, user }) => action === "delete" ? remove(user.id) : upsert(user))
 */
export function useCompanyEvent(topic: string, handler: RealtimeHandler): void {
  const companyId = useAppSelector((s) => s.session.user?.companyId);
  useRealtimeEvent(companyId ? `company-${companyId}-${topic}` : "", handler);
}

/** Sends an event to the server over the company channel. */
export function emitRealtime(event: string, ...args: unknown[]): void {
  realtimeClient.emit(event, ...args);
}
