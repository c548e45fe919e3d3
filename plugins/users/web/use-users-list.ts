import { useCallback, useEffect, useReducer, useState } from "react";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { useGetUsersPageQuery, type User, type UserPage } from "./users-api.ts";

interface ListState {
  users: User[];
  count: number;
}

type Action = { type: "reset" } | { type: "load"; page: UserPage } | { type: "upsert"; user: User; insert: boolean } | { type: "remove"; id: number };

/**
 * Pages append; live creations go on top, changes replace in place (a change to someone
 * not loaded yet waits for their page), deletions drop out.
 */
export function listReducer(state: ListState, action: Action): ListState {
  switch (action.type) {
    case "reset":
      return { users: [], count: 0 };
    case "load": {
      const byId = new Map(action.page.users.map((u) => [u.id, u]));
      const kept = state.users.map((u) => byId.get(u.id) ?? u);
      const known = new Set(kept.map((u) => u.id));
      return { users: [...kept, ...action.page.users.filter((u) => !known.has(u.id))], count: action.page.count };
    }
    case "upsert": {
      const i = state.users.findIndex((u) => u.id === action.user.id);
      if (i >= 0) return { ...state, users: state.users.map((u) => (u.id === action.user.id ? { ...u, ...action.user } : u)) };
      if (!action.insert) return state;
      return { users: [action.user, ...state.users], count: state.count + 1 };
    }
    case "remove":
      if (!state.users.some((u) => u.id === action.id)) return state;
      return { users: state.users.filter((u) => u.id !== action.id), count: Math.max(0, state.count - 1) };
  }
}

/**
 * The /users list: 20 per page, the next page when the sentinel nears (infinite scroll),
 * back to page 1 when the search changes, and kept live by `company-{id}-user` events.
 */
export function useUsersList(searchParam: string, enabled = true) {
  const [pageNumber, setPageNumber] = useState(1);
  const [state, dispatch] = useReducer(listReducer, { users: [], count: 0 });

  useEffect(() => {
    dispatch({ type: "reset" });
    setPageNumber(1);
  }, [searchParam]);

  // currentData is only ever the answer for these exact arguments (never the previous search's).
  const { currentData, isFetching, isError } = useGetUsersPageQuery({ searchParam, pageNumber }, { refetchOnMountOrArgChange: true, skip: !enabled });
  useEffect(() => {
    if (currentData) dispatch({ type: "load", page: currentData });
  }, [currentData]);

  useCompanyEvent("user", (payload: { action?: string; user?: User; userId?: number }) => {
    if (payload?.action === "delete") {
      const id = payload.userId ?? payload.user?.id;
      if (typeof id === "number") dispatch({ type: "remove", id });
    } else if ((payload?.action === "create" || payload?.action === "update") && payload.user?.id) {
      // status flips carry the whole public user too, so an upsert is always complete
      dispatch({ type: "upsert", user: payload.user, insert: payload.action === "create" });
    }
  });

  const hasMore = currentData?.hasMore ?? false;
  const loadMore = useCallback(() => {
    if (!isFetching && hasMore) setPageNumber((p) => p + 1);
  }, [isFetching, hasMore]);

  return {
    users: state.users,
    count: state.count,
    hasMore,
    loading: isFetching,
    isError,
    loadMore,
    upsert: (user: User) => dispatch({ type: "upsert", user, insert: true }),
    remove: (id: number) => dispatch({ type: "remove", id }),
  };
}
