import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HomePage } from "../../../web/src/pages/home-page.tsx";
import { realtimeClient } from "../../../web/src/realtime/realtime.ts";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import reportsPlugin from "./index.ts";
import { MomentsPage } from "./moments-page.tsx";
import { ReportsPage } from "./reports-page.tsx";
import { apiDashboard, apiMoment, apiReportRow } from "./test-data.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

let api: ReturnType<typeof stubApi>;
let moments = [
  { user: null, tickets: [apiMoment(1, { status: "pending", user: null, contact: { id: 1, name: "Maria Aparecida dos Santos Oliveira", urlPicture: null } })] },
  { user: { id: 7, name: "Ana" }, tickets: [apiMoment(2)] },
];
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "GET /dashboard": () => ({ body: apiDashboard() }),
    "GET /dashboard/ticketsDay": () => ({
      body: {
        data: [
          { date: "2030-01-09", total: 2 },
          { date: "2030-01-10", total: 5 },
        ],
        count: 7,
      },
    }),
    "GET /dashboard/ticketsUsers": () => ({ body: { data: [{ userId: 7, name: "Ana", total: 2 }] } }),
    "GET /ticketreport/reports": (_b, call) => {
      const size = Number(call.url.searchParams.get("pageSize"));
      return { body: { tickets: Array.from({ length: Math.min(size, 12) }, (_, i) => apiReportRow(i + 1)), totalTickets: { total: 12 } } };
    },
    "GET /users/list": () => ({ body: [{ id: 7, name: "Ana" }] }),
    "GET /whatsapp": () => ({ body: [{ id: 1, name: "Conexão 1" }] }),
    "GET /queue": () => ({ body: [{ id: 1, name: "Vendas", color: "#ff0000" }] }),
    "GET /usersMoments": () => ({ body: moments }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe("the dashboard on /", () => {
  it("shows the counters with median and p90, the charts, and the other tabs", async () => {
    renderWithProviders(<HomePage />, { plugins: [reportsPlugin] });
    expect(await screen.findByText("Em atendimento")).toBeTruthy();
    expect(screen.getByText("7.5 min")).toBeTruthy();
    expect(screen.getAllByText("mediana 45 min · p90 90 min").length).toBeGreaterThan(0);
    // The first response's card (issue 28): its mean, median and p90.
    expect(screen.getByText("Primeira resposta média")).toBeTruthy();
    expect(screen.getByText("3.25 min")).toBeTruthy();
    expect(screen.getByText("mediana 3.25 min · p90 6.5 min")).toBeTruthy();
    expect(await screen.findByRole("img", { name: "Tickets por dia" })).toBeTruthy();
    expect(screen.getAllByTestId("bar")).toHaveLength(3);
    // The default range: first of the month to today.
    const day = api.calls.find((c) => c.path === "/dashboard")!.url.searchParams;
    expect(day.get("date_from")?.endsWith("-01")).toBe(true);
    fireEvent.click(screen.getByRole("tab", { name: "Avaliações (NPS)" }));
    expect(await screen.findByText("Promotores (9–10)")).toBeTruthy();
    expect(screen.getByText("80%")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Atendentes" }));
    const table = await screen.findByRole("table", { name: "Atendentes" });
    expect(within(table).getByText("Ana")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Exportar" })).toBeTruthy();
  });

  it("'Parametrize o filtro' opens the dates; apply asks the new range", async () => {
    renderWithProviders(<HomePage />, { plugins: [reportsPlugin] });
    fireEvent.click(await screen.findByRole("button", { name: "Parametrize o filtro" }));
    fireEvent.change(screen.getByLabelText("Data inicial"), { target: { value: "2030-01-01" } });
    fireEvent.change(screen.getByLabelText("Data final"), { target: { value: "2030-01-31" } });
    fireEvent.click(screen.getByRole("button", { name: "Filtrar" }));
    await waitFor(() => expect(api.calls.some((c) => c.path === "/dashboard" && c.url.searchParams.get("date_to") === "2030-01-31")).toBe(true));
  });

  it("a profile user without showDashboard sees the 403 with its way back to /tickets", async () => {
    const { path } = renderWithProviders(<HomePage />, { plugins: [reportsPlugin], session: testUser({ profile: "user", showDashboard: "disabled" }) });
    expect(await screen.findByText("403")).toBeTruthy();
    expect(api.calls.some((c) => c.path === "/dashboard")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Voltar para os atendimentos" }));
    expect(path()).toBe("/tickets");
  });
});

describe("/reports", () => {
  it("lists 10 rows by default, pages in 5/10/20/50, and offers the row actions", async () => {
    renderWithProviders(<ReportsPage />, { plugins: [reportsPlugin], route: "/reports" });
    const table = await screen.findByRole("table", { name: "Relatório de atendimentos" });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(11));
    expect(screen.getByText("12 tickets")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Abrir o ticket 1" }).getAttribute("href")).toBe("/tickets/uuid-1");
    const sizes = screen.getByLabelText("Itens por página") as HTMLSelectElement;
    expect([...sizes.options].map((o) => o.value)).toEqual(["5", "10", "20", "50"]);
    fireEvent.change(sizes, { target: { value: "5" } });
    await waitFor(() => expect(api.calls.some((c) => c.path === "/ticketreport/reports" && c.url.searchParams.get("pageSize") === "5")).toBe(true));
  });

  it("sends the filters as the spec's JSON arrays", async () => {
    renderWithProviders(<ReportsPage />, { plugins: [reportsPlugin], route: "/reports" });
    await screen.findByRole("table", { name: "Relatório de atendimentos" });
    await screen.findByRole("option", { name: "Vendas" });
    fireEvent.change(screen.getByLabelText("Fila"), { target: { value: "1" } });
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "closed" } });
    fireEvent.click(screen.getByLabelText("Somente avaliados"));
    await waitFor(() => {
      const q = api.calls.filter((c) => c.path === "/ticketreport/reports").at(-1)!.url.searchParams;
      expect([q.get("queueIds"), q.get("status"), q.get("onlyRated"), q.get("page")]).toEqual(["[1]", '["closed"]', "true", "1"]);
    });
  });
});

describe("/moments", () => {
  it("draws Pendentes and a card per attendant, cuts names at 30, and redraws on a ticket event", async () => {
    renderWithProviders(<MomentsPage />, { plugins: [reportsPlugin], route: "/moments" });
    expect(await screen.findByRole("heading", { name: /Painel de Atendimentos/ })).toBeTruthy();
    expect(await screen.findByText("Maria Aparecida dos Santos Oli…")).toBeTruthy();
    expect(screen.getByLabelText("Pendentes")).toBeTruthy();
    expect(screen.getByLabelText("Ana")).toBeTruthy();
    moments = [...moments, { user: { id: 8, name: "Bruno" }, tickets: [apiMoment(3, { user: { id: 8, name: "Bruno" }, canOpen: false })] }];
    act(() => realtimeClient.deliver("company-2-ticket", { action: "update", ticket: { id: 3 } }));
    expect(await screen.findByLabelText("Bruno")).toBeTruthy();
    // Not the viewer's: no link to open it.
    expect(screen.queryByRole("link", { name: "Abrir o ticket de Cliente 3" })).toBeNull();
    expect(screen.getByRole("link", { name: "Abrir o ticket de Cliente 2" })).toBeTruthy();
  });

  it("is blocked for a profile user without allowRealTime", async () => {
    renderWithProviders(<MomentsPage />, { plugins: [reportsPlugin], route: "/moments", session: testUser({ profile: "user", allowRealTime: "disabled" }) });
    expect(await screen.findByText("Você não tem permissão para ver o painel em tempo real.")).toBeTruthy();
    expect(api.calls.some((c) => c.path === "/usersMoments")).toBe(false);
  });
});
