import { useEffect, useState } from "react";

/** The value, `delayMs` after it stopped changing (the spec's 500 ms search debounce). */
export function useDebounced<T>(value: T, delayMs = 500): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
