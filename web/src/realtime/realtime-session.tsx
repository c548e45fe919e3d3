import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { api, apiBase, tokenStore } from "../api/api.ts";
import { clearSessionStorage } from "../session/local-keys.ts";
import { endSession } from "../session/session-actions.ts";
import { userUpdated } from "../session/session-slice.ts";
import type { SessionUser } from "../session/types.ts";
import { useAppDispatch, useAppSelector } from "../store/store.ts";
import { toastError } from "../ui/toast.ts";
import { useCompanyEvent } from "./realtime.ts";
import { realtimeClient } from "./realtime-client.ts";

/** What the shell does on a forced sign-out; tests replace `reload`. */
export const forcedSignOut = {
  delayMs: 1000,
  reload: () => window.location.reload(),
};

/**
 * Keeps the company channel open while someone is signed in, and reacts to the events
 * about the session itself: the account opened elsewhere (spec 000 §4), and changes
 * to or the removal of one's own user.
 */
export function RealtimeSession({ connect = true }: { connect?: boolean }) {
  const { t } = useTranslation("common");
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.session.user);
  const companyId = user?.companyId;
  const userId = user?.id;
  const refetching = useRef(false);

  useEffect(() => {
    if (!connect || !companyId || !userId) return;
    realtimeClient.connect(companyId, userId);
    return () => realtimeClient.disconnect();
  }, [connect, companyId, userId]);

  // Realtime back after a gap: the lists on screen refetch (the api's refetchOnReconnect), as after going offline.
  useEffect(() => realtimeClient.onReconnected(() => dispatch(api.internalActions.onOnline())), [dispatch]);

  useCompanyEvent("auth", (payload: { user?: { id?: number } }) => {
    if (!userId || payload?.user?.id !== userId) return;
    toastError(t("session.otherComputer"));
    clearSessionStorage();
    setTimeout(() => forcedSignOut.reload(), forcedSignOut.delayMs);
  });

  useCompanyEvent("user", async (payload: { action?: string; user?: { id?: number }; userId?: number }) => {
    const id = payload?.user?.id ?? payload?.userId;
    if (!userId || id !== userId) return;
    if (payload.action === "delete") {
      dispatch(endSession());
      return;
    }
    if (payload.action !== "update" || refetching.current) return;
    // The event carries only part of the user: read the whole session user again.
    refetching.current = true;
    try {
      const token = tokenStore.get();
      const res = await fetch(`${apiBase}/auth/me`, { headers: { accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) } });
      if (res.ok) dispatch(userUpdated((await res.json()) as SessionUser));
    } catch {
      // A failed refresh of one's own data is harmless: the next event or reload fixes it.
    } finally {
      refetching.current = false;
    }
  });

  return null;
}
