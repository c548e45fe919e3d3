import { useSyncExternalStore } from "react";

/** Whether a CSS media query matches, live (false where matchMedia does not exist). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = globalThis.matchMedia?.(query);
      list?.addEventListener?.("change", notify);
      return () => list?.removeEventListener?.("change", notify);
    },
    () => !!globalThis.matchMedia?.(query).matches,
    () => false,
  );
}

/** Below this width the side menu floats over the content instead of pushing it. */
export const NARROW_SCREEN = "(max-width: 767px)";
