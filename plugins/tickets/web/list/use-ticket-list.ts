import { useCallback, useEffect, useMemo, useReducer, useState } from "react";
import { useCompanyEvent } from "../../../../web/src/realtime/realtime.ts";
import type { AppMessageEvent, TicketEvent, TicketListKind } from "../../shared/ticket-types.ts";
import { useListTicketsQuery } from "../tickets-api.ts";
import { buildListQuery, ticketMatches, type ListFilters } from "./list-filters.ts";
import { emptyList, ticketListReducer } from "./ticket-list-reducer.ts";

export interface TicketListContext {
  meId: number;
  isAdmin: boolean;
  /** Bumped to load page 1 again (after close-all). */
  reload: number;
}

/**
 * One tab's list: pages from GET /tickets (the next one when the sentinel nears the
 * bottom), back to page 1 whenever a filter changes, kept live by `company-{id}-ticket`
 * and `company-{id}-appMessage`. Every tab keeps a list so each tab's badge has a count;
 * `enabled` false (the group tab without allowGroup, a waiting status the company's settings
 * leave off) asks nothing and ignores events.
 */
export function useTicketList(tab: TicketListKind, filters: ListFilters, ctx: TicketListContext, enabled = true) {
  const key = `${ctx.reload}:${JSON.stringify(buildListQuery(tab, filters, 1, ctx.isAdmin))}`;
  const [paging, setPaging] = useState({ key, page: 1 });
  // A new filter starts at page 1 in the same render, so no stale page is ever asked for.
  const pageNumber = paging.key === key ? paging.page : 1;
  // `key` stands for tab, filters and isAdmin: `filters` is a new object on every render.
  const args = useMemo(() => buildListQuery(tab, filters, pageNumber, ctx.isAdmin), [key, pageNumber]);
  const { currentData, isFetching, isError } = useListTicketsQuery(args, { refetchOnMountOrArgChange: true, skip: !enabled });
  const [state, dispatch] = useReducer(ticketListReducer, emptyList);

  useEffect(() => {
    dispatch({ type: "reset" });
  }, [key]);
  useEffect(() => {
    if (currentData) dispatch({ type: "page", pageNumber: args.pageNumber ?? 1, page: currentData });
  }, [currentData]);

  useCompanyEvent("ticket", (event: TicketEvent) => {
    if (!enabled || !event) return;
    if (event.action === "update" && event.ticket) {
      dispatch({ type: "update", ticket: event.ticket, matches: ticketMatches(event.ticket, tab, filters, ctx.meId), sort: sortOf(tab, filters) });
    } else if (event.action === "updateUnread" && typeof event.ticketId === "number") {
      dispatch({ type: "unread", ticketId: event.ticketId });
    } else if (event.action === "delete" && typeof event.ticketId === "number") {
      dispatch({ type: "remove", ticketId: event.ticketId });
    }
  });

  useCompanyEvent("appMessage", (event: AppMessageEvent) => {
    if (!enabled || event?.action !== "create" || !event.ticket) return;
    dispatch({ type: "message", ticket: event.ticket, matches: ticketMatches(event.ticket, tab, filters, ctx.meId), sort: sortOf(tab, filters) });
  });

  const hasMore = state.hasMore;
  const loadMore = useCallback(() => {
    if (!isFetching && hasMore) setPaging({ key, page: pageNumber + 1 });
  }, [isFetching, hasMore, key, pageNumber]);

  return { tickets: state.tickets, count: state.count, hasMore, loading: isFetching, isError, loadMore };
}

export type TicketList = ReturnType<typeof useTicketList>;

/** Closed and search lists are always newest first. */
const sortOf = (tab: TicketListKind, f: ListFilters) => (tab === "closed" || tab === "search" || tab === "nps" ? "DESC" : f.sort);
