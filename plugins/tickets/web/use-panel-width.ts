import { useCallback, useRef, useState } from "react";
import { useSession } from "../../../web/src/session/session.ts";
import { userUpdated } from "../../../web/src/session/session-slice.ts";
import { useAppDispatch } from "../../../web/src/store/store.ts";
import { toastError } from "../../../web/src/ui/index.ts";
import { useSaveTicketsPanelWidthMutation } from "./tickets-api.ts";

/** Spec 000 §9: the ticket panel is 404 to 700 px wide, 550 by default. */
export const PANEL_MIN = 404;
export const PANEL_MAX = 700;
export const PANEL_DEFAULT = 550;

/** A width the panel accepts: within 404..700, whole pixels; the default for nonsense. */
export function clampPanelWidth(width: unknown): number {
  const n = typeof width === "number" ? width : Number(width);
  if (!Number.isFinite(n) || n <= 0) return PANEL_DEFAULT;
  return Math.min(PANEL_MAX, Math.max(PANEL_MIN, Math.round(n)));
}

/**
 * The list panel's width: starts from the user's defaultTicketsManagerWidth, follows the
 * divider while dragging, and is saved for the user when the drag ends
 * (PUT /users/toggleChangeWidht/{userId}).
 */
export function usePanelWidth() {
  const { user } = useSession();
  const dispatch = useAppDispatch();
  const [save] = useSaveTicketsPanelWidthMutation();
  const [width, setRaw] = useState(() => clampPanelWidth(user?.defaultTicketsManagerWidth ?? PANEL_DEFAULT));
  const saved = useRef(width);

  const setWidth = useCallback((next: number) => setRaw(clampPanelWidth(next)), []);

  const commit = useCallback(
    async (final: number) => {
      const value = clampPanelWidth(final);
      setRaw(value);
      if (!user || value === saved.current) return;
      const before = saved.current;
      saved.current = value;
      try {
        await save({ userId: user.id, width: value }).unwrap();
        dispatch(userUpdated({ defaultTicketsManagerWidth: value }));
      } catch (err) {
        saved.current = before;
        toastError(err);
      }
    },
    [user, save, dispatch],
  );

  return { width, setWidth, commit };
}
