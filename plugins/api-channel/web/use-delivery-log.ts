import { useCallback, useEffect, useRef, useState } from "react";
import { toastError } from "../../../web/src/ui/index.ts";
import { type Delivery, useLazyGetApiDeliveriesQuery } from "./api-channel-api.ts";

/**
 * The delivery log of one connection, newest first: page 1 on choice and on refresh,
 * further pages appended by "load more". Answers of a previous connection are dropped.
 */
export function useDeliveryLog(whatsappId: number | null) {
  const [fetchPage] = useLazyGetApiDeliveriesQuery();
  const [records, setRecords] = useState<Delivery[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const current = useRef(whatsappId);
  current.current = whatsappId;

  const load = useCallback(
    async (pageNumber: number) => {
      if (!whatsappId) return;
      setLoading(true);
      try {
        const answer = await fetchPage({ whatsappId, pageNumber }).unwrap();
        if (current.current !== whatsappId) return;
        setRecords((prev) => {
          if (pageNumber === 1) return answer.records;
          const seen = new Set(prev.map((r) => r.id));
          return [...prev, ...answer.records.filter((r) => !seen.has(r.id))];
        });
        setHasMore(answer.hasMore);
        setPage(pageNumber);
      } catch (err) {
        toastError(err);
      } finally {
        setLoading(false);
      }
    },
    [fetchPage, whatsappId],
  );

  useEffect(() => {
    setRecords([]);
    setHasMore(false);
    void load(1);
  }, [load]);

  return { records, hasMore, loading, refresh: () => load(1), loadMore: () => load(page + 1) };
}
