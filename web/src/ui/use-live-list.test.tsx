import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../api/api.ts";
import { realtimeClient } from "../realtime/realtime.ts";
import { renderWithProviders } from "../test/render.tsx";
import { stubApi, type StubCall } from "../test/stub-api.ts";
import { toastError } from "./toast.ts";
import { useLiveList } from "./use-live-list.ts";

vi.mock("./toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

interface Note {
  id: number;
  title: string;
  pinned?: boolean;
}
interface NotePage {
  notes: Note[];
  count: number;
  hasMore: boolean;
}

const notesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLiveNotesPage: build.query<NotePage, { searchParam: string; pageNumber: number }>({
      query: (params) => ({ url: "/live-notes", params }),
      keepUnusedDataFor: 0,
    }),
  }),
});

const byTitle = (a: Note, b: Note) => a.title.localeCompare(b.title);

function Notes({ ordered = false, upsertShows = false }: { ordered?: boolean; upsertShows?: boolean }) {
  const [search, setSearch] = useState("");
  const list = useLiveList({
    query: notesApi.useGetLiveNotesPageQuery,
    args: (searchParam, pageNumber) => ({ searchParam, pageNumber }),
    page: (p) => ({ records: p.notes, count: p.count, hasMore: p.hasMore }),
    topic: "note",
    payloadKey: "note",
    search: search.trim(),
    accepts: (n) => !n.pinned,
    order: ordered ? byTitle : undefined,
    insertOn: upsertShows ? "upsert" : "create",
    loadError: "Could not load the notes",
  });
  return (
    <div>
      <input aria-label="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      <p>count {list.count}</p>
      {list.empty ? <p>nothing here</p> : null}
      <ul>
        {list.records.map((n) => (
          <li key={n.id}>{n.title}</li>
        ))}
      </ul>
      <button type="button" onClick={list.loadMore}>
        more
      </button>
      <div ref={list.sentinel} />
    </div>
  );
}

const note = (id: number, title = `note ${id}`): Note => ({ id, title });
const titles = () => screen.queryAllByRole("listitem").map((li) => li.textContent);
const pagesAsked = (calls: StubCall[]) => calls.map((c) => `${c.url.searchParams.get("searchParam")}:${c.url.searchParams.get("pageNumber")}`);

let stub: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  stub = stubApi({
    "GET /live-notes": (_b, call) => {
      const search = call.url.searchParams.get("searchParam") ?? "";
      const pageNumber = Number(call.url.searchParams.get("pageNumber"));
      if (search) return { body: { notes: [note(9, `found ${search}`)], count: 1, hasMore: false } };
      const notes = pageNumber === 1 ? [note(1), note(2)] : [note(2), note(3)];
      return { body: { notes, count: 3, hasMore: pageNumber === 1 } };
    },
  });
  vi.stubGlobal("fetch", stub.fetch);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("useLiveList: paging", () => {
  it("loads page 1, then appends the next page once (a row on both pages shows once)", async () => {
    renderWithProviders(<Notes />);
    await waitFor(() => expect(titles()).toEqual(["note 1", "note 2"]));
    expect(screen.getByText("count 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "more" }));
    await waitFor(() => expect(titles()).toEqual(["note 1", "note 2", "note 3"]));
    // the last page said there is no more: asking again sends nothing
    fireEvent.click(screen.getByRole("button", { name: "more" }));
    expect(pagesAsked(stub.calls)).toEqual([":1", ":2"]);
  });

  it("shows the empty state only once loading is over", async () => {
    stub.fetch.mockImplementationOnce(async () => new Response(JSON.stringify({ notes: [], count: 0, hasMore: false }), { headers: { "content-type": "application/json" } }));
    renderWithProviders(<Notes />);
    expect(screen.queryByText("nothing here")).toBeNull();
    expect(await screen.findByText("nothing here")).toBeTruthy();
  });

  it("toasts the load error it was given", async () => {
    stub.fetch.mockImplementationOnce(async () => new Response(JSON.stringify({ error: "ERR_INTERNAL" }), { status: 500, headers: { "content-type": "application/json" } }));
    renderWithProviders(<Notes />);
    await waitFor(() => expect(toastError).toHaveBeenCalledWith("Could not load the notes"));
  });
});

describe("useLiveList: search", () => {
  it("asks the server 500 ms after the last keystroke, from page 1, with only the search's rows", async () => {
    renderWithProviders(<Notes />);
    await waitFor(() => expect(titles()).toEqual(["note 1", "note 2"]));
    fireEvent.click(screen.getByRole("button", { name: "more" }));
    await waitFor(() => expect(titles()).toHaveLength(3));
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText("search"), { target: { value: "a" } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(screen.getByLabelText("search"), { target: { value: "ab" } });
    act(() => vi.advanceTimersByTime(499));
    expect(pagesAsked(stub.calls)).toEqual([":1", ":2"]);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(titles()).toEqual(["found ab"]));
    // page 1 of the new search, never page 2 of it
    expect(pagesAsked(stub.calls)).toEqual([":1", ":2", "ab:1"]);
  });

  it("keeps live creations out of a searched list (the server decides what matches)", async () => {
    renderWithProviders(<Notes />);
    fireEvent.change(screen.getByLabelText("search"), { target: { value: "x" } });
    await waitFor(() => expect(titles()).toEqual(["found x"]));
    act(() => realtimeClient.deliver("company-2-note", { action: "create", note: note(5, "new one") }));
    act(() => realtimeClient.deliver("company-2-note", { action: "update", note: note(9, "found x, renamed") }));
    await waitFor(() => expect(titles()).toEqual(["found x, renamed"]));
  });
});

describe("useLiveList: company events", () => {
  it("puts creations on top, replaces updated rows and drops deleted ones (by record or by id)", async () => {
    renderWithProviders(<Notes />);
    await waitFor(() => expect(titles()).toEqual(["note 1", "note 2"]));
    act(() => realtimeClient.deliver("company-2-note", { action: "create", note: note(7, "fresh") }));
    await waitFor(() => expect(titles()).toEqual(["fresh", "note 1", "note 2"]));
    expect(screen.getByText("count 4")).toBeTruthy();
    act(() => realtimeClient.deliver("company-2-note", { action: "update", note: { id: 1, title: "note 1, edited" } }));
    await waitFor(() => expect(titles()).toEqual(["fresh", "note 1, edited", "note 2"]));
    act(() => realtimeClient.deliver("company-2-note", { action: "delete", noteId: 2 }));
    act(() => realtimeClient.deliver("company-2-note", { action: "delete", note: { id: 7 } }));
    await waitFor(() => expect(titles()).toEqual(["note 1, edited"]));
    expect(screen.getByText("count 2")).toBeTruthy();
  });

  it("ignores other companies, unknown actions, records it does not accept and updates of rows not loaded", async () => {
    renderWithProviders(<Notes />);
    await waitFor(() => expect(titles()).toEqual(["note 1", "note 2"]));
    act(() => realtimeClient.deliver("company-3-note", { action: "create", note: note(20) }));
    act(() => realtimeClient.deliver("company-2-note", { action: "archive", note: note(21) }));
    act(() => realtimeClient.deliver("company-2-note", { action: "create", note: { ...note(22), pinned: true } }));
    act(() => realtimeClient.deliver("company-2-note", { action: "update", note: note(23) }));
    act(() => realtimeClient.deliver("company-2-note", { action: "create" }));
    expect(titles()).toEqual(["note 1", "note 2"]);
    expect(screen.getByText("count 3")).toBeTruthy();
  });

  it("keeps a given order, and with insertOn 'upsert' lets an update show a row", async () => {
    renderWithProviders(<Notes ordered upsertShows />);
    await waitFor(() => expect(titles()).toEqual(["note 1", "note 2"]));
    act(() => realtimeClient.deliver("company-2-note", { action: "create", note: note(8, "middle") }));
    act(() => realtimeClient.deliver("company-2-note", { action: "update", note: note(9, "a first") }));
    await waitFor(() => expect(titles()).toEqual(["a first", "middle", "note 1", "note 2"]));
  });
});
