import { useCallback, useEffect, useMemo, useReducer, useState, type RefCallback } from "react";
import { useCompanyEvent } from "../realtime/realtime.ts";
import { emptyLiveList, liveListReducer, type LiveListOrder, type LivePage } from "./live-list-state.ts";
import { toastError } from "./toast.ts";
import { useDebouncedValue } from "./use-debounced-value.ts";
import { useInfiniteScroll } from "./use-infinite-scroll.ts";

export type { LivePage } from "./live-list-state.ts";

/** What the hook needs of an RTK Query `useXQuery` hook (any endpoint of `api.injectEndpoints` fits). */
export type PageQueryHook = (args: never, options: { skip: boolean; refetchOnMountOrArgChange: true }) => { currentData?: unknown; isFetching: boolean; isError: boolean };

/** The query's argument (RTK's `skipToken` aside) and its answer. */
type ArgOf<Q extends PageQueryHook> = Exclude<Parameters<Q>[0], symbol>;
type AnswerOf<Q extends PageQueryHook> = NonNullable<ReturnType<Q>["currentData"]>;

export interface LiveListOptions<R extends { id: number }, Q extends PageQueryHook> {
  /** The page query, e.g. `useGetTagsPageQuery`. Its endpoint should set `keepUnusedDataFor: 0`: the hook keeps the rows. */
  query: Q;
  /** The query's argument for a page: `(search, pageNumber) => ({ searchParam: search, pageNumber })`. */
  args: (search: string, pageNumber: number) => ArgOf<Q>;
  /** The answer as a page; name the record type, which the rest is checked against: `(p): LivePage<Tag> => ({ records: p.tags, count: p.count, hasMore: p.hasMore })`. */
  page: (answer: AnswerOf<Q>) => LivePage<R>;
  /** The realtime topic: events `company-{id}-<topic>` with `{ action, <payloadKey> }`. */
  topic: string;
  /** The payload's record field (`tag` in `{ action, tag }`); a deletion may name only `<payloadKey>Id`. */
  payloadKey: string;
  /** The search as typed (already trimmed or cut to the spec's minimum); sent 500 ms after the last change. */
  search?: string;
  /** Which live records belong to this list (e.g. not kanban lanes); all by default. */
  accepts?: (record: R) => boolean;
  /** The list's order for live rows; without it a creation goes on top. */
  order?: LiveListOrder<R>;
  /**
   * Which live events may add a row that is not shown: "create" (default), or "upsert" when an
   * update can make a record visible to this user. Never while a search is on: a search shows
   * what the server found.
   */
  insertOn?: "create" | "upsert";
  /** Loads nothing while true (e.g. the user may not see the page). */
  skip?: boolean;
  /** The toast shown when a page fails to load. */
  loadError?: string;
}

const asRecord = (v: unknown): Record<string, unknown> | null => (v && typeof v === "object" ? (v as Record<string, unknown>) : null);

/**
 * A live paged list (spec 000 §9, 001 §4 "Forms"): page 1 from the server, the next page when
 * the returned `sentinel` nears the bottom (100 px), back to page 1 when the search settles
 * (500 ms debounce), kept live by the company's `{ action, <record> }` events (create and
 * update upsert, delete removes). `upsert` / `remove` apply the page's own saves and deletions.
 * @example
 *   const list = useLiveList({
 *     query: useGetTagsPageQuery, args: (searchParam, pageNumber) => ({ searchParam, pageNumber }),
 *     page: (p): LivePage<Tag> => ({ records: p.tags, count: p.count, hasMore: p.hasMore }),
 *     topic: "tag", payloadKey: "tag", search: typed.trim(), loadError: t("messages.loadError"),
 *   });
 *   {list.empty ? <EmptyState … /> : list.records.map(…)}
 *   <ListFooter sentinel={list.sentinel} loading={list.loading} />
 */
export function useLiveList<R extends { id: number }, Q extends PageQueryHook>(options: LiveListOptions<R, Q>) {
  const { query, args, page, topic, payloadKey, accepts, order, insertOn = "create", skip = false, loadError } = options;
  const search = useDebouncedValue(options.search ?? "");
  const reducer = useMemo(() => liveListReducer<R>(order), [order]);
  const [state, dispatch] = useReducer(reducer, undefined, emptyLiveList<R>);
  // The page number belongs to one search: a new search starts at 1 on its first request.
  const [paging, setPaging] = useState({ search, pageNumber: 1 });
  const pageNumber = paging.search === search ? paging.pageNumber : 1;

  useEffect(() => {
    dispatch({ type: "reset" });
    setPaging({ search, pageNumber: 1 });
  }, [search]);

  // currentData is only ever the answer for these exact arguments (never the previous search's).
  // The argument is the query's own (ArgOf<Q>); `never` is how a hook of any argument is called here.
  const result = query(args(search, pageNumber) as never, { skip, refetchOnMountOrArgChange: true });
  const { isFetching, isError } = result;
  const currentData = result.currentData as AnswerOf<Q> | undefined;
  const answer = currentData === undefined ? undefined : page(currentData);
  // Each answer is merged once: `page` is a mapping, so only a new currentData is news.
  useEffect(() => {
    if (currentData !== undefined) dispatch({ type: "load", page: page(currentData) });
  }, [currentData]);
  useEffect(() => {
    if (isError && loadError) toastError(loadError);
  }, [isError, loadError]);

  useCompanyEvent(topic, (payload) => {
    const event = asRecord(payload);
    const record = asRecord(event?.[payloadKey]);
    if (event?.action === "delete") {
      const id = event[`${payloadKey}Id`] ?? record?.id;
      if (typeof id === "number") dispatch({ type: "remove", id });
      return;
    }
    if ((event?.action !== "create" && event?.action !== "update") || typeof record?.id !== "number") return;
    // The event carries the API's own record shape (the same serialiser answers the page).
    const live = record as unknown as R;
    if (accepts && !accepts(live)) return;
    const insert = !search && (event.action === "create" || insertOn === "upsert");
    dispatch({ type: "upsert", record: live, insert });
  });

  const hasMore = answer?.hasMore ?? false;
  const loadMore = useCallback(() => {
    if (!isFetching && hasMore) setPaging((p) => ({ search, pageNumber: (p.search === search ? p.pageNumber : 1) + 1 }));
  }, [isFetching, hasMore, search]);
  const sentinel: RefCallback<Element> = useInfiniteScroll(loadMore, hasMore, { loading: isFetching });

  return {
    records: state.records,
    count: state.count,
    /** The settled search the rows answer. */
    search,
    hasMore,
    loading: isFetching,
    isError,
    /** Nothing to show and nothing loading: the empty state. */
    empty: state.records.length === 0 && !isFetching,
    loadMore,
    /** Put on an element after the last row (`ListFooter` does). */
    sentinel,
    /** A record this page saved: refreshed in place, or added. */
    upsert: useCallback((record: R) => dispatch({ type: "upsert", record, insert: true }), []),
    remove: useCallback((id: number) => dispatch({ type: "remove", id }), []),
  };
}
