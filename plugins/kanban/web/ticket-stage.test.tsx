import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { realtimeClient } from "../../../web/src/realtime/realtime.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Zone } from "../../../web/src/plugin/zone.tsx";
import { renderWithProviders, testPlan, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastSuccess } from "../../../web/src/ui/toast.ts";
import kanbanPlugin from "./index.ts";
import { cardOf, laneOf } from "./test-data.ts";
import { TicketDrawerStage, TicketHeaderStage } from "./ticket-stage.tsx";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn(), clearToasts: vi.fn() }));

let api: ReturnType<typeof stubApi>;
let lanes: ReturnType<typeof laneOf>[];
beforeEach(() => {
  vi.clearAllMocks();
  lanes = [laneOf(20, "Lead"), laneOf(21, "Proposta")];
  api = stubApi({
    "GET /tags/list": () => ({ body: lanes }),
    "PUT /ticket/kanban/*": (body) => ({ body: { ticketId: 41, laneId: (body as { laneId: number | null }).laneId } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const ticket = cardOf(41, "Maria Oliveira", {
  status: "open",
  tags: [
    { id: 20, name: "Lead", color: "#00f" },
    { id: 9, name: "VIP", color: "#a00" },
  ],
});
const moves = () => api.calls.filter((c) => c.method === "PUT").map((c) => `${c.method} ${c.path} ${JSON.stringify(c.body)}`);

describe("ticket stage", () => {
  it("the header selector shows the ticket's lane and moves it in one call (the server swaps the lane links in one transaction)", async () => {
    renderWithProviders(<TicketHeaderStage ticket={ticket} />, { plugins: [kanbanPlugin] });
    const select = (await screen.findByLabelText("Etapa do Kanban")) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe("20"));
    fireEvent.change(select, { target: { value: "21" } });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Ticket Tag Adicionado com Sucesso!"));
    expect(moves()).toEqual(['PUT /ticket/kanban/41 {"laneId":21}']);
    fireEvent.change(select, { target: { value: "" } });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Ticket Tag Removido!"));
    expect(moves().slice(1)).toEqual(['PUT /ticket/kanban/41 {"laneId":null}']);
  });

  it("a refused move puts the selector back on the ticket's lane", async () => {
    api = stubApi({ "GET /tags/list": () => ({ body: lanes }), "PUT /ticket/kanban/*": () => ({ status: 404, body: { error: "ERR_NOT_FOUND" } }) });
    vi.stubGlobal("fetch", api.fetch);
    renderWithProviders(<TicketHeaderStage ticket={ticket} />, { plugins: [kanbanPlugin] });
    const select = (await screen.findByLabelText("Etapa do Kanban")) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe("20"));
    fireEvent.change(select, { target: { value: "21" } });
    await waitFor(() => expect(moves()).toHaveLength(1));
    await waitFor(() => expect(select.value).toBe("20"));
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it("the drawer section is the same selector with its label", async () => {
    renderWithProviders(<TicketDrawerStage ticket={ticket} isOpen />, { plugins: [kanbanPlugin] });
    const select = (await screen.findByLabelText("Etapa do Kanban")) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe("20"));
    expect([...select.options].map((o) => o.text)).toEqual(["Nenhuma", "Lead", "Proposta"]);
  });

  it("the header and the drawer share one read of the lanes (the tags plugin's lane options); a tag event reads them once more", async () => {
    renderWithProviders(
      <>
        <TicketHeaderStage ticket={ticket} />
        <TicketDrawerStage ticket={ticket} isOpen />
      </>,
      { plugins: [kanbanPlugin] },
    );
    await waitFor(() => expect(screen.getAllByLabelText("Etapa do Kanban")).toHaveLength(2));
    const reads = () => api.calls.filter((c) => c.path === "/tags/list");
    expect(reads()).toHaveLength(1);
    expect(Object.fromEntries(reads()[0]!.url.searchParams)).toEqual({ kanban: "1" });
    lanes = [...lanes, laneOf(22, "Ganho")];
    act(() => realtimeClient.deliver("company-2-tag", { action: "create", tag: lanes[2] }));
    await waitFor(() => expect(screen.getAllByRole("option", { name: "Ganho" })).toHaveLength(2));
    expect(reads()).toHaveLength(2);
  });

  it("a company without lanes shows no selector", async () => {
    lanes = [];
    renderWithProviders(<TicketHeaderStage ticket={ticket} />, { plugins: [kanbanPlugin] });
    await waitFor(() => expect(api.calls.some((c) => c.path === "/tags/list")).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByLabelText("Etapa do Kanban")).toBeNull();
  });

  it("goes into the ticket header's zone, and a plan without kanban leaves it out", async () => {
    const { unmount } = renderWithProviders(<Zone name="tickets.headerActions" props={{ ticket }} />, { plugins: [kanbanPlugin] });
    expect(await screen.findByLabelText("Etapa do Kanban")).toBeTruthy();
    unmount();
    renderWithProviders(<Zone name="tickets.headerActions" props={{ ticket }} />, {
      plugins: [kanbanPlugin],
      session: testUser({ company: { plan: { ...testPlan(), useKanban: false } } }),
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByLabelText("Etapa do Kanban")).toBeNull();
    expect(api.calls.filter((c) => c.path === "/tags/list")).toHaveLength(1);
  });
});
