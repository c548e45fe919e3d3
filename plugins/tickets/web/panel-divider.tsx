import { useRef, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import { PANEL_MAX, PANEL_MIN, clampPanelWidth } from "./use-panel-width.ts";

const KEY_STEP = 10;

export interface PanelDividerProps {
  width: number;
  label: string;
  /** While dragging (already clamped by the caller's setter). */
  onResize: (width: number) => void;
  /** When the drag (or a key press) ends: save. */
  onResizeEnd: (width: number) => void;
}

/**
 * The draggable bar between the list and the conversation: pointer drag, or the arrow
 * keys for keyboard users (10 px a press). Widths stay within 404..700.
 */
export function PanelDivider({ width, label, onResize, onResizeEnd }: PanelDividerProps) {
  const drag = useRef<{ startX: number; startWidth: number; last: number } | null>(null);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    drag.current = { startX: e.clientX, startWidth: width, last: width };
    document.body.classList.add("tickets-resizing");
    const move = (ev: PointerEvent) => {
      if (!drag.current) return;
      drag.current.last = clampPanelWidth(drag.current.startWidth + (ev.clientX - drag.current.startX));
      onResize(drag.current.last);
    };
    const up = (ev: PointerEvent) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      document.body.classList.remove("tickets-resizing");
      const state = drag.current;
      drag.current = null;
      if (!state) return;
      const final = ev.type === "pointercancel" ? state.last : clampPanelWidth(state.startWidth + (ev.clientX - state.startX));
      onResizeEnd(final);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const delta = e.key === "ArrowLeft" ? -KEY_STEP : e.key === "ArrowRight" ? KEY_STEP : 0;
    const target = e.key === "Home" ? PANEL_MIN : e.key === "End" ? PANEL_MAX : delta ? width + delta : null;
    if (target === null) return;
    e.preventDefault();
    onResizeEnd(clampPanelWidth(target));
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable splitter (the ARIA separator widget with aria-valuenow and arrow keys), which <hr> cannot be.
    <div
      className="tickets-divider"
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuemin={PANEL_MIN}
      aria-valuemax={PANEL_MAX}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
