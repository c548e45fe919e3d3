import { useCallback, useEffect, useRef, useState, type RefCallback } from "react";

/** Loads the next page when the sentinel comes within 100 px of the visible area (spec 000 §9). */
export const INFINITE_SCROLL_MARGIN_PX = 100;

export interface InfiniteScrollOptions {
  /** While true nothing fires; when it turns false the sentinel is checked again (a short page may leave it in view). */
  loading?: boolean;
  /** Distance in pixels; 100 by default. */
  marginPx?: number;
}

/** The nearest scrolling ancestor: the list's own box when it scrolls, else the viewport (null). */
function scrollParent(node: Element): Element | null {
  for (let el = node.parentElement; el; el = el.parentElement) {
    const { overflowY } = getComputedStyle(el);
    if (overflowY === "auto" || overflowY === "scroll" || overflowY === "overlay") return el;
  }
  return null;
}

function nearBottom(node: Element, root: Element | null, margin: number): boolean {
  const bottom = root ? root.getBoundingClientRect().bottom : window.innerHeight;
  return node.getBoundingClientRect().top - bottom <= margin;
}

/**
 * Infinite scroll for a list: put the returned ref on an element after the last row.
 * Uses IntersectionObserver; where it does not exist, falls back to scroll events.
 * @example
 *   const sentinel = useInfiniteScroll(() => setPage((p) => p + 1), hasMore, { loading: isFetching });
 *   return <>{rows}<div ref={sentinel} /></>;
 */
export function useInfiniteScroll(onLoadMore: () => void, hasMore: boolean, options: InfiniteScrollOptions = {}): RefCallback<Element> {
  const { loading = false, marginPx = INFINITE_SCROLL_MARGIN_PX } = options;
  const [node, setNode] = useState<Element | null>(null);
  const callback = useRef(onLoadMore);
  useEffect(() => {
    callback.current = onLoadMore;
  });

  useEffect(() => {
    if (!node || !hasMore || loading) return;
    const root = scrollParent(node);
    if (typeof IntersectionObserver !== "undefined") {
      const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && callback.current(), {
        root,
        rootMargin: `0px 0px ${marginPx}px 0px`,
      });
      observer.observe(node);
      return () => observer.disconnect();
    }
    const target: Element | Window = root ?? window;
    const check = () => nearBottom(node, root, marginPx) && callback.current();
    target.addEventListener("scroll", check, { passive: true });
    check();
    return () => target.removeEventListener("scroll", check);
  }, [node, hasMore, loading, marginPx]);

  return useCallback((el: Element | null) => setNode(el), []);
}
