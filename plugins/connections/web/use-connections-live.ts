import { useRealtimeEvent } from "../../../web/src/realtime/realtime.ts";
import { useAppDispatch, useAppSelector } from "../../../web/src/store/store.ts";
import { connectionsApi, type ConnectionSessionEvent, type LiveConnection } from "./connections-api.ts";

type Patch = Partial<LiveConnection> & { id: number };

/** Replaces what changed, keeps what the event leaves out (a token, queues). New ids join the list. */
export function applyUpsert(list: LiveConnection[], patch: Patch, insert = true): LiveConnection[] {
  const index = list.findIndex((c) => c.id === patch.id);
  if (index < 0) return insert ? [...list, patch as LiveConnection].sort((a, b) => a.id - b.id) : list;
  const next = list.slice();
  next[index] = { ...list[index]!, ...withoutUndefined(patch) };
  return next;
}

function withoutUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The session fields a `whatsappSession` event may change (spec 001 §4 'live updates'); the pairing code travels beside the session. */
export function sessionPatch({
  session,
  pairingCode,
}: Pick<ConnectionSessionEvent, "pairingCode"> & { session: Partial<ConnectionSessionEvent["session"]> & { id: number } }): Patch {
  const { id, status, qrcode, retries, updatedAt, number, statusImportMessages } = session;
  return withoutUndefined({ id, status, qrcode, retries, updatedAt, number, pairingCode, statusImportMessages }) as Patch;
}

/**
 * Keeps the cached company list (GET /whatsapp/?session=0) live: `company-{id}-whatsapp`
 * upserts or removes a connection, `company-{id}-whatsappSession` replaces its session
 * fields. Both the page and the menu badge mount it; upserts are idempotent. The super
 * user's all-connections list follows the events of the super user's own company.
 */
export function useConnectionsLive(list: "getConnections" | "getAllConnections" = "getConnections") {
  const dispatch = useAppDispatch();
  const companyId = useAppSelector((s) => s.session.user?.companyId);
  const update = (recipe: (list: LiveConnection[]) => LiveConnection[]) => dispatch(connectionsApi.util.updateQueryData(list, undefined, recipe));
  const upsert = (c: Patch, insert = true) => update((list) => applyUpsert(list, c, insert));
  const remove = (id: number) => update((list) => list.filter((c) => c.id !== id));

  useRealtimeEvent(companyId ? `company-${companyId}-whatsapp` : "", (payload: { action?: string; whatsapp?: LiveConnection; whatsappId?: number }) => {
    if (payload?.action === "delete") {
      const id = payload.whatsappId ?? payload.whatsapp?.id;
      if (typeof id === "number") remove(id);
    } else if (payload?.whatsapp && typeof payload.whatsapp.id === "number") upsert(payload.whatsapp);
  });
  useRealtimeEvent(companyId ? `company-${companyId}-whatsappSession` : "", (payload: Partial<ConnectionSessionEvent> | undefined) => {
    if (payload?.action === "update" && payload.session && typeof payload.session.id === "number")
      upsert(sessionPatch({ session: payload.session, pairingCode: payload.pairingCode }), false);
  });
  return { upsert, remove };
}
