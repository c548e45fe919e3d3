import { useCallback, useEffect, useReducer, useRef } from "react";
import { useRealtimeEvent } from "../../../web/src/realtime/realtime.ts";
import { useSession } from "../../../web/src/session/session.ts";
import { useLazyGetAnnouncementsQuery, type Announcement, type AnnouncementEvent } from "./announcements-api.ts";

interface ListState {
  records: Announcement[];
  count: number;
  page: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
}

type ListAction =
  | { type: "reset" }
  | { type: "loading" }
  | { type: "loaded"; page: number; records: Announcement[]; count: number; hasMore: boolean }
  | { type: "failed" }
  | { type: "upsert"; record: Announcement }
  | { type: "remove"; id: number };

const initial: ListState = { records: [], count: 0, page: 0, hasMore: true, loading: false, failed: false };

const newestFirst = (a: Announcement, b: Announcement) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

function reducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case "reset":
      return initial;
    case "loading":
      return { ...state, loading: true, failed: false };
    case "failed":
      return { ...state, loading: false, failed: true, hasMore: false };
    case "loaded": {
      // A live event may have brought a row of this page already: keep one copy.
      const ids = new Set(action.records.map((r) => r.id));
      const kept = action.page === 1 ? [] : state.records.filter((r) => !ids.has(r.id));
      return { ...state, records: [...kept, ...action.records], count: action.count, page: action.page, hasMore: action.hasMore, loading: false };
    }
    case "upsert": {
      const exists = state.records.some((r) => r.id === action.record.id);
      const records = exists ? state.records.map((r) => (r.id === action.record.id ? action.record : r)) : [action.record, ...state.records].sort(newestFirst);
      return { ...state, records, count: exists ? state.count : state.count + 1 };
    }
    case "remove": {
      if (!state.records.some((r) => r.id === action.id)) return state;
      return { ...state, records: state.records.filter((r) => r.id !== action.id), count: Math.max(0, state.count - 1) };
    }
  }
}

const matches = (record: Announcement, search: string) => {
  const term = search.trim().toLowerCase();
  return !term || record.title.toLowerCase().includes(term) || record.text.toLowerCase().includes(term);
};

/**
 * A paged, searchable list of announcements kept live: "company-announcement" events
 * upsert on create/update and remove on delete (spec). Non-super readers also drop a row
 * that turns inactive. `upsert`/`remove` let a page apply its own saves at once.
 */
export function useAnnouncementList(searchParam: string) {
  const { isSuper } = useSession();
  const [state, dispatch] = useReducer(reducer, initial);
  const [fetchPage] = useLazyGetAnnouncementsQuery();
  // Answers to an older search are dropped.
  const generation = useRef(0);
  const loadingRef = useRef(false);

  const load = useCallback(
    async (page: number) => {
      const mine = generation.current;
      loadingRef.current = true;
      dispatch({ type: "loading" });
      try {
        const res = await fetchPage({ searchParam: searchParam.trim().toLowerCase(), pageNumber: page }).unwrap();
        if (mine === generation.current) dispatch({ type: "loaded", page, records: res.records, count: res.count, hasMore: res.hasMore });
      } catch {
        if (mine === generation.current) dispatch({ type: "failed" });
      } finally {
        if (mine === generation.current) loadingRef.current = false;
      }
    },
    [fetchPage, searchParam],
  );

  useEffect(() => {
    generation.current += 1;
    dispatch({ type: "reset" });
    void load(1);
  }, [load]);

  const loadMore = useCallback(() => {
    if (!loadingRef.current && state.hasMore && !state.failed) void load(state.page + 1);
  }, [load, state.hasMore, state.failed, state.page]);

  const upsert = useCallback(
    (record: Announcement) => {
      if (!isSuper && !record.status) dispatch({ type: "remove", id: record.id });
      else if (matches(record, searchParam)) dispatch({ type: "upsert", record });
      else dispatch({ type: "remove", id: record.id });
    },
    [isSuper, searchParam],
  );
  const remove = useCallback((id: number) => dispatch({ type: "remove", id }), []);

  useRealtimeEvent("company-announcement", (payload: AnnouncementEvent) => {
    if (!payload || typeof payload !== "object") return;
    if (payload.action === "delete") remove(Number(payload.id));
    else if (payload.record) upsert(payload.record);
  });

  return { ...state, loadMore, upsert, remove };
}
