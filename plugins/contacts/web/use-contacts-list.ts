import { useCallback, useEffect, useReducer, useState } from "react";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { useGetContactsPageQuery, type Contact, type ContactPage } from "./contacts-api.ts";

interface ListState {
  contacts: Contact[];
  count: number;
}

type Action = { type: "reset" } | { type: "load"; page: ContactPage } | { type: "upsert"; contact: Contact; insert: boolean } | { type: "remove"; id: number };

/** Pages append; live creations go on top, changes replace in place, deletions drop out. */
export function contactsReducer(state: ListState, action: Action): ListState {
  switch (action.type) {
    case "reset":
      return { contacts: [], count: 0 };
    case "load": {
      const byId = new Map(action.page.contacts.map((c) => [c.id, c]));
      const kept = state.contacts.map((c) => byId.get(c.id) ?? c);
      const known = new Set(kept.map((c) => c.id));
      return { contacts: [...kept, ...action.page.contacts.filter((c) => !known.has(c.id))], count: action.page.count };
    }
    case "upsert": {
      if (state.contacts.some((c) => c.id === action.contact.id))
        return { ...state, contacts: state.contacts.map((c) => (c.id === action.contact.id ? { ...c, ...action.contact } : c)) };
      if (!action.insert) return state;
      return { contacts: [action.contact, ...state.contacts], count: state.count + 1 };
    }
    case "remove":
      if (!state.contacts.some((c) => c.id === action.id)) return state;
      return { contacts: state.contacts.filter((c) => c.id !== action.id), count: Math.max(0, state.count - 1) };
  }
}

/**
 * The /contacts list: 20 per page from the server's search, the next page near the
 * bottom, back to page 1 when the search changes, kept live by `company-{id}-contact`.
 * Live creations only join an unfiltered list (a search shows what the server found).
 */
export function useContactsList(searchParam: string) {
  const [pageNumber, setPageNumber] = useState(1);
  const [state, dispatch] = useReducer(contactsReducer, { contacts: [], count: 0 });

  useEffect(() => {
    dispatch({ type: "reset" });
    setPageNumber(1);
  }, [searchParam]);

  const { currentData, isFetching, isError } = useGetContactsPageQuery({ searchParam, pageNumber }, { refetchOnMountOrArgChange: true });
  useEffect(() => {
    if (currentData) dispatch({ type: "load", page: currentData });
  }, [currentData]);

  useCompanyEvent("contact", (payload: { action?: string; contact?: Contact; contactId?: number }) => {
    if (payload?.action === "delete") {
      const id = payload.contactId ?? payload.contact?.id;
      if (typeof id === "number") dispatch({ type: "remove", id });
    } else if ((payload?.action === "create" || payload?.action === "update") && payload.contact?.id) {
      dispatch({ type: "upsert", contact: payload.contact, insert: payload.action === "create" && !searchParam });
    }
  });

  const hasMore = currentData?.hasMore ?? false;
  const loadMore = useCallback(() => {
    if (!isFetching && hasMore) setPageNumber((p) => p + 1);
  }, [isFetching, hasMore]);

  return {
    contacts: state.contacts,
    count: state.count,
    hasMore,
    loading: isFetching,
    isError,
    loadMore,
    upsert: (contact: Contact) => dispatch({ type: "upsert", contact, insert: true }),
    remove: (id: number) => dispatch({ type: "remove", id }),
  };
}
