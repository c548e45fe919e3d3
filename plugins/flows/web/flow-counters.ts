/** Whether the canvas hides the per-node counters (the editor's toggle, kept in this browser). */
const KEY = "flows.counters.hidden";

export function countersHidden(): boolean {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

/** Remembers the toggle; answers what it stored. */
export function setCountersHidden(hidden: boolean): boolean {
  try {
    if (hidden) localStorage.setItem(KEY, "1");
    else localStorage.removeItem(KEY);
  } catch {
    // Storage off (private mode): the toggle still works for this visit.
  }
  return hidden;
}
