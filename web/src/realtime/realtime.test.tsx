import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../api/api.ts";
import { renderWithProviders, testUser } from "../test/render.tsx";
import { stubApi } from "../test/stub-api.ts";
import { useCompanyEvent, useRealtimeEvent } from "./realtime.ts";
import { realtimeClient } from "./realtime-client.ts";
import { forcedSignOut } from "./realtime-session.tsx";

function Listener({ topic, onEvent }: { topic: string; onEvent: (p: unknown) => void }) {
  useCompanyEvent(topic, onEvent);
  useRealtimeEvent("company-announcement", onEvent);
  return null;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The providers already hold the shell's RealtimeSession (with the socket off). */
const Nothing = () => null;

describe("realtime hooks", () => {
  it("useCompanyEvent listens to company-{id}-{topic} of the user's company only", () => {
    const onEvent = vi.fn();
    renderWithProviders(<Listener topic="user" onEvent={onEvent} />, { session: testUser({ company: { id: 5 } }) });
    realtimeClient.deliver("company-5-user", { action: "update", user: { id: 9 } });
    realtimeClient.deliver("company-6-user", { action: "update", user: { id: 10 } });
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith({ action: "update", user: { id: 9 } });
  });

  it("useRealtimeEvent listens to a full event name and stops on unmount", () => {
    const onEvent = vi.fn();
    const { unmount } = renderWithProviders(<Listener topic="user" onEvent={onEvent} />);
    realtimeClient.deliver("company-announcement", { action: "create", record: { id: 1 } });
    unmount();
    realtimeClient.deliver("company-announcement", { action: "create", record: { id: 2 } });
    expect(onEvent).toHaveBeenCalledTimes(1);
  });

  it("a failing handler does not stop the others", () => {
    const good = vi.fn();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const off1 = realtimeClient.on("x", () => {
      throw new Error("bad");
    });
    const off2 = realtimeClient.on("x", good);
    realtimeClient.deliver("x", 1);
    expect(good).toHaveBeenCalledWith(1);
    off1();
    off2();
    error.mockRestore();
  });
});

describe("realtime session: account opened elsewhere", () => {
  it("shows the message, clears storage and reloads after 1 s when the event names me", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(forcedSignOut, "reload").mockImplementation(() => {});
    renderWithProviders(<Nothing />, { session: testUser({ id: 7, company: { id: 3 } }) });
    localStorage.setItem("companyDueDate", "01/01/2030");
    act(() => realtimeClient.deliver("company-3-auth", { action: "update", user: { id: 7 } }));
    expect(await screen.findByText("Sua conta foi acessada em outro computador.")).toBeTruthy();
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("companyDueDate")).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("ignores a sign-in of another user", async () => {
    const reload = vi.spyOn(forcedSignOut, "reload").mockImplementation(() => {});
    renderWithProviders(<Nothing />, { session: testUser({ id: 7, company: { id: 3 } }) });
    act(() => realtimeClient.deliver("company-3-auth", { action: "update", user: { id: 8 } }));
    await new Promise((r) => setTimeout(r, 1100));
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem("token")).not.toBeNull();
  });

  it("my own user updated elsewhere: the session user is read again", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(testUser({ id: 7, name: "Ana Atualizada", company: { id: 3 } }))),
    );
    const { store } = renderWithProviders(<Nothing />, { session: testUser({ id: 7, company: { id: 3 } }) });
    await act(async () => realtimeClient.deliver("company-3-user", { action: "update", user: { id: 7 } }));
    await vi.waitFor(() => expect(store.getState().session.user?.name).toBe("Ana Atualizada"));
  });

  it("my own user deleted: the session ends", async () => {
    const { store } = renderWithProviders(<Nothing />, { session: testUser({ id: 7, company: { id: 3 } }) });
    act(() => realtimeClient.deliver("company-3-user", { action: "delete", userId: 7 }));
    expect(store.getState().session.status).toBe("anonymous");
  });
});

const probeApi = api.injectEndpoints({ endpoints: (b) => ({ realtimeProbe: b.query<{ n: number }, void>({ query: () => "/realtime-probe" }) }) });
function Probe() {
  const { data } = probeApi.useRealtimeProbeQuery();
  return <p>probe {data?.n ?? "-"}</p>;
}

describe("realtime back after a gap", () => {
  it("the lists on screen read their data again: events sent meanwhile were lost", async () => {
    let n = 0;
    const server = stubApi({ "GET /realtime-probe": () => ({ body: { n: ++n } }) });
    vi.stubGlobal("fetch", server.fetch);
    renderWithProviders(<Probe />, { session: testUser({ id: 7, company: { id: 3 } }) });
    await screen.findByText("probe 1");
    await act(async () => realtimeClient.resynced());
    await screen.findByText("probe 2");
    expect(server.calls.filter((c) => c.path === "/realtime-probe")).toHaveLength(2);
  });
});
