/** One page of a paged list answer, whatever the plugin calls its array. */
export interface LivePage<R> {
  records: R[];
  count: number;
  hasMore: boolean;
}

export interface LiveListState<R> {
  records: R[];
  count: number;
}

export type LiveListAction<R> = { type: "reset" } | { type: "load"; page: LivePage<R> } | { type: "upsert"; record: R; insert: boolean } | { type: "remove"; id: number };

/** Where a record that is not in the list yet goes: on top, or in the list's order. */
export type LiveListOrder<R> = ((a: R, b: R) => number) | undefined;

export const emptyLiveList = <R>(): LiveListState<R> => ({ records: [], count: 0 });

/**
 * Pages append (a row already shown is refreshed in place, so a page that overlaps a live
 * insertion shows it once); a live change replaces its row (keeping the fields the event
 * left out); a creation joins on top or in `order`; a deletion drops out. A change to a row
 * not loaded yet waits for its page unless `insert` says it belongs here.
 */
export function liveListReducer<R extends { id: number }>(order: LiveListOrder<R>) {
  return (state: LiveListState<R>, action: LiveListAction<R>): LiveListState<R> => {
    switch (action.type) {
      case "reset":
        return emptyLiveList();
      case "load": {
        const byId = new Map(action.page.records.map((r) => [r.id, r]));
        const kept = state.records.map((r) => byId.get(r.id) ?? r);
        const known = new Set(kept.map((r) => r.id));
        return { records: [...kept, ...action.page.records.filter((r) => !known.has(r.id))], count: action.page.count };
      }
      case "upsert": {
        const { record } = action;
        if (state.records.some((r) => r.id === record.id)) {
          const records = state.records.map((r) => (r.id === record.id ? { ...r, ...record } : r));
          return { ...state, records: order ? records.sort(order) : records };
        }
        if (!action.insert) return state;
        const records = order ? [...state.records, record].sort(order) : [record, ...state.records];
        return { records, count: state.count + 1 };
      }
      case "remove":
        if (!state.records.some((r) => r.id === action.id)) return state;
        return { records: state.records.filter((r) => r.id !== action.id), count: Math.max(0, state.count - 1) };
    }
  };
}
