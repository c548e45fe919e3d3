import { render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useInfiniteScroll } from "./use-infinite-scroll.ts";

function List({ onLoadMore, hasMore, loading = false }: { onLoadMore: () => void; hasMore: boolean; loading?: boolean }) {
  const sentinel = useInfiniteScroll(onLoadMore, hasMore, { loading });
  return (
    <div>
      <p>row</p>
      <div ref={sentinel} data-testid="sentinel" />
    </div>
  );
}

class FakeObserver {
  static last: FakeObserver | null = null;
  options: IntersectionObserverInit | undefined;
  constructor(
    readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.options = options;
    FakeObserver.last = this;
  }
  observe = vi.fn();
  disconnect = vi.fn();
  fire(isIntersecting: boolean) {
    this.callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.last = null;
});

describe("useInfiniteScroll", () => {
  it("loads more when the sentinel comes within 100 px", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const onLoadMore = vi.fn();
    render(<List onLoadMore={onLoadMore} hasMore />);
    const observer = FakeObserver.last as FakeObserver;
    expect(observer.options?.rootMargin).toBe("0px 0px 100px 0px");
    observer.fire(false);
    expect(onLoadMore).not.toHaveBeenCalled();
    observer.fire(true);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it("does not observe when there is nothing more, or while loading", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const { rerender } = render(<List onLoadMore={vi.fn()} hasMore={false} />);
    expect(FakeObserver.last).toBeNull();
    rerender(<List onLoadMore={vi.fn()} hasMore loading />);
    expect(FakeObserver.last).toBeNull();
    rerender(<List onLoadMore={vi.fn()} hasMore />);
    expect(FakeObserver.last).not.toBeNull();
  });

  it("does not crash without IntersectionObserver and falls back to the sentinel's position", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    const onLoadMore = vi.fn();
    expect(() => render(<List onLoadMore={onLoadMore} hasMore />)).not.toThrow();
    // happy-dom lays nothing out: the sentinel sits at the top, inside the viewport.
    expect(onLoadMore).toHaveBeenCalled();
  });
});
