import { useCallback, useEffect, useReducer, useState } from "react";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { useGetQuickMessagesPageQuery, type QuickMessage, type QuickMessagePage } from "./quick-messages-api.ts";

interface ListState {
  records: QuickMessage[];
  count: number;
}

type Action = { type: "reset" } | { type: "load"; page: QuickMessagePage } | { type: "upsert"; record: QuickMessage; insert: boolean } | { type: "remove"; id: number };

const byShortcode = (a: QuickMessage, b: QuickMessage) => a.shortcode.toLowerCase().localeCompare(b.shortcode.toLowerCase()) || a.id - b.id;

/** Pages append; live creations join in shortcode order, changes replace in place, deletions drop out. */
export function quickMessagesReducer(state: ListState, action: Action): ListState {
  switch (action.type) {
    case "reset":
      return { records: [], count: 0 };
    case "load": {
      const byId = new Map(action.page.records.map((r) => [r.id, r]));
      const kept = state.records.map((r) => byId.get(r.id) ?? r);
      const known = new Set(kept.map((r) => r.id));
      return { records: [...kept, ...action.page.records.filter((r) => !known.has(r.id))], count: action.page.count };
    }
    case "upsert": {
      if (state.records.some((r) => r.id === action.record.id))
        return { ...state, records: state.records.map((r) => (r.id === action.record.id ? { ...r, ...action.record } : r)) };
      if (!action.insert) return state;
      return { records: [...state.records, action.record].sort(byShortcode), count: state.count + 1 };
    }
    case "remove":
      if (!state.records.some((r) => r.id === action.id)) return state;
      return { records: state.records.filter((r) => r.id !== action.id), count: Math.max(0, state.count - 1) };
  }
}

/**
 * The /quick-messages list: 20 per page from the server's search, the next page near the
 * bottom, back to page 1 when the search changes, kept live by `company-{id}-quickemessage`
 * (the server only announces private messages to their owner). Live creations only join an
 * unfiltered list (a search shows what the server found).
 */
export function useQuickMessagesList(searchParam: string) {
  const [pageNumber, setPageNumber] = useState(1);
  const [state, dispatch] = useReducer(quickMessagesReducer, { records: [], count: 0 });

  useEffect(() => {
    dispatch({ type: "reset" });
    setPageNumber(1);
  }, [searchParam]);

  const { currentData, isFetching, isError } = useGetQuickMessagesPageQuery({ searchParam, pageNumber }, { refetchOnMountOrArgChange: true });
  useEffect(() => {
    if (currentData) dispatch({ type: "load", page: currentData });
  }, [currentData]);

  useCompanyEvent("quickemessage", (payload: { action?: string; record?: Partial<QuickMessage> & { id?: number } }) => {
    const record = payload?.record;
    if (typeof record?.id !== "number") return;
    if (payload.action === "delete") dispatch({ type: "remove", id: record.id });
    else if (payload.action === "create" || payload.action === "update")
      dispatch({ type: "upsert", record: record as QuickMessage, insert: !searchParam });
  });

  const hasMore = currentData?.hasMore ?? false;
  const loadMore = useCallback(() => {
    if (!isFetching && hasMore) setPageNumber((p) => p + 1);
  }, [isFetching, hasMore]);

  return {
    records: state.records,
    count: state.count,
    hasMore,
    loading: isFetching,
    isError,
    loadMore,
    upsert: (record: QuickMessage) => dispatch({ type: "upsert", record, insert: true }),
    remove: (id: number) => dispatch({ type: "remove", id }),
  };
}
