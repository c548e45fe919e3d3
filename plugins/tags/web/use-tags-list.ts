import { useCallback, useEffect, useReducer, useState } from "react";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { useGetTagsPageQuery, type Tag, type TagPage } from "./tags-api.ts";

interface ListState {
  tags: Tag[];
  count: number;
}

type Action = { type: "reset" } | { type: "load"; page: TagPage } | { type: "upsert"; tag: Tag; insert: boolean } | { type: "remove"; id: number };

/** Pages append; live creations go on top, changes replace in place (keeping the contacts count), deletions drop out. */
export function tagsReducer(state: ListState, action: Action): ListState {
  switch (action.type) {
    case "reset":
      return { tags: [], count: 0 };
    case "load": {
      const byId = new Map(action.page.tags.map((x) => [x.id, x]));
      const kept = state.tags.map((x) => byId.get(x.id) ?? x);
      const known = new Set(kept.map((x) => x.id));
      return { tags: [...kept, ...action.page.tags.filter((x) => !known.has(x.id))], count: action.page.count };
    }
    case "upsert": {
      if (state.tags.some((x) => x.id === action.tag.id)) return { ...state, tags: state.tags.map((x) => (x.id === action.tag.id ? { ...x, ...action.tag, contactsCount: action.tag.contactsCount ?? x.contactsCount } : x)) };
      if (!action.insert) return state;
      return { tags: [{ contactsCount: 0, ...action.tag }, ...state.tags], count: state.count + 1 };
    }
    case "remove":
      if (!state.tags.some((x) => x.id === action.id)) return state;
      return { tags: state.tags.filter((x) => x.id !== action.id), count: Math.max(0, state.count - 1) };
  }
}

/**
 * The /tags list (plain tags; kanban lanes have their own screen): 20 per page, infinite
 * scroll, kept live by `company-{id}-tag`.
 */
export function useTagsList(searchParam: string) {
  const [pageNumber, setPageNumber] = useState(1);
  const [state, dispatch] = useReducer(tagsReducer, { tags: [], count: 0 });

  useEffect(() => {
    dispatch({ type: "reset" });
    setPageNumber(1);
  }, [searchParam]);

  const { currentData, isFetching, isError } = useGetTagsPageQuery({ searchParam, pageNumber, kanban: 0 }, { refetchOnMountOrArgChange: true });
  useEffect(() => {
    if (currentData) dispatch({ type: "load", page: currentData });
  }, [currentData]);

  useCompanyEvent("tag", (payload: { action?: string; tag?: Tag; tagId?: number }) => {
    if (payload?.action === "delete") {
      const id = payload.tagId ?? payload.tag?.id;
      if (typeof id === "number") dispatch({ type: "remove", id });
    } else if ((payload?.action === "create" || payload?.action === "update") && payload.tag?.id) {
      // lanes belong to the kanban screen; a search shows only what the server found
      if (payload.tag.kanban === 1) return;
      dispatch({ type: "upsert", tag: payload.tag, insert: payload.action === "create" && !searchParam });
    }
  });

  const hasMore = currentData?.hasMore ?? false;
  const loadMore = useCallback(() => {
    if (!isFetching && hasMore) setPageNumber((p) => p + 1);
  }, [isFetching, hasMore]);

  return {
    tags: state.tags,
    count: state.count,
    hasMore,
    loading: isFetching,
    isError,
    loadMore,
    upsert: (tag: Tag) => dispatch({ type: "upsert", tag, insert: true }),
    remove: (id: number) => dispatch({ type: "remove", id }),
  };
}
