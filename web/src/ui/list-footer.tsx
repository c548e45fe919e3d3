import { Spinner } from "@blueprintjs/core";
import type { Ref } from "react";

/**
 * The end of an infinitely scrolled list: the sentinel `useInfiniteScroll` watches, and a
 * spinner while the next page loads.
 */
export function ListFooter({ sentinel, loading }: { sentinel: Ref<HTMLDivElement>; loading: boolean }) {
  return (
    <>
      <div ref={sentinel} style={{ height: 1 }} />
      {loading ? (
        <div style={{ padding: 12 }}>
          <Spinner size={24} />
        </div>
      ) : null}
    </>
  );
}
