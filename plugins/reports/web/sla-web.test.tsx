import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HomePage } from "../../../web/src/pages/home-page.tsx";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import reportsPlugin from "./index.ts";
import { MomentsPage } from "./moments-page.tsx";
import { ReportsPage } from "./reports-page.tsx";
import { SLA_TICK_MS } from "./sla-mark.tsx";
import { apiDashboard, apiMoment } from "./test-data.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

let api: ReturnType<typeof stubApi>;
let moments: unknown[] = [];
const targets = [
  { queueId: 1, queueName: "Vendas", queueColor: "#ff0000", firstResponseMinutes: 10, resolutionMinutes: 60 },
  { queueId: 2, queueName: "Suporte", queueColor: "#00ff00", firstResponseMinutes: null, resolutionMinutes: null },
];

beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "GET /dashboard": () => ({ body: apiDashboard() }),
    "GET /dashboard/ticketsDay": () => ({ body: { data: [], count: 0 } }),
    "GET /dashboard/ticketsUsers": () => ({ body: { data: [] } }),
    "GET /reports/sla": () => ({ body: { targets } }),
    "PUT /reports/sla": (body) => {
      const sent = (body as { targets: { queueId: number; firstResponseMinutes: number | null }[] }).targets;
      if (sent.some((x) => x.firstResponseMinutes === 0))
        return { status: 400, body: { error: "ERR_VALIDATION", fields: { "targets.0.firstResponseMinutes": "At least 1 minute" } } };
      return { body: { targets } };
    },
    "GET /reports/sla/compliance": () => ({
      body: {
        from: "2030-01-01",
        to: "2030-01-31",
        businessHours: false,
        queues: [
          {
            queueId: 1,
            queueName: "Vendas",
            queueColor: "#ff0000",
            firstResponse: { targetMinutes: 10, met: 2, missed: 1, running: 2, perc: 66.67 },
            resolution: { targetMinutes: 60, met: 0, missed: 0, running: 1, perc: null },
          },
        ],
      },
    }),
    "GET /usersMoments": () => ({ body: moments }),
    "GET /ticketreport/reports": () => ({ body: { tickets: [], totalTickets: { total: 0 } } }),
    "GET /users/list": () => ({ body: [{ id: 7, name: "Ana" }] }),
    "GET /whatsapp": () => ({ body: [] }),
    "GET /queue": () => ({ body: [] }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the dashboard's SLA tab", () => {
  it("shows % met per queue and lets an admin edit the targets", async () => {
    renderWithProviders(<HomePage />, { plugins: [reportsPlugin] });
    fireEvent.click(await screen.findByRole("tab", { name: "SLA" }));
    const table = await screen.findByRole("table", { name: "SLA por fila" });
    expect(within(table).getByText("66.67%")).toBeTruthy();
    expect(within(table).getByText("2 de 3 em até 10 min")).toBeTruthy();
    expect(within(table).getByText("Sem tickets")).toBeTruthy();
    const asked = api.calls.find((c) => c.path === "/reports/sla/compliance")!.url.searchParams;
    expect(asked.get("date_from")?.endsWith("-01")).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Editar metas de SLA" }));
    const first = await screen.findByLabelText("Meta de primeira resposta de Vendas");
    expect((first as HTMLInputElement).value).toBe("10");
    fireEvent.change(first, { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.getByLabelText("Meta de primeira resposta de Vendas").getAttribute("title")).toBe("At least 1 minute"));
    fireEvent.change(screen.getByLabelText("Meta de primeira resposta de Vendas"), { target: { value: "15" } });
    fireEvent.change(screen.getByLabelText("Meta de resolução de Suporte"), { target: { value: "120" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByLabelText("Meta de primeira resposta de Vendas")).toBeNull());
    expect(api.calls.filter((c) => c.method === "PUT").at(-1)!.body).toEqual({
      targets: [
        { queueId: 1, firstResponseMinutes: 15, resolutionMinutes: 60 },
        { queueId: 2, firstResponseMinutes: null, resolutionMinutes: 120 },
      ],
    });
  });

  it("a profile user with showDashboard sees the figures but no editor", async () => {
    renderWithProviders(<HomePage />, { plugins: [reportsPlugin], session: testUser({ profile: "user", showDashboard: "enabled" }) });
    fireEvent.click(await screen.findByRole("tab", { name: "SLA" }));
    expect(await screen.findByRole("table", { name: "SLA por fila" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Editar metas de SLA" })).toBeNull();
  });
});

describe("the business-hours toggle", () => {
  it("asks the dashboard and the SLA figures with businessHours=true", async () => {
    renderWithProviders(<HomePage />, { plugins: [reportsPlugin] });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Só horário comercial" }));
    await waitFor(() => expect(api.calls.some((c) => c.path === "/dashboard" && c.url.searchParams.get("businessHours") === "true")).toBe(true));
    fireEvent.click(await screen.findByRole("tab", { name: "SLA" }));
    await waitFor(() => expect(api.calls.some((c) => c.path === "/reports/sla/compliance" && c.url.searchParams.get("businessHours") === "true")).toBe(true));
  });
});

describe("the dashboard's numbers link to the filtered report", () => {
  it("a counter and an attendant's tickets open /reports with their filters", async () => {
    const { path } = renderWithProviders(<HomePage />, { plugins: [reportsPlugin] });
    const finished = await screen.findByRole("link", { name: /^Finalizados: / });
    const href = finished.getAttribute("href")!;
    expect(href).toMatch(/^\/reports\?dateFrom=\d{4}-\d{2}-01&dateTo=\d{4}-\d{2}-\d{2}&status=closed%2Cnps$/);
    fireEvent.click(finished);
    expect(path()).toBe(href);
    fireEvent.click(screen.getByRole("tab", { name: "Atendentes" }));
    expect((await screen.findByRole("link", { name: "Ana: 2 tickets" })).getAttribute("href")).toContain("users=7");
  });

  it("the report page starts from the link's filters", async () => {
    renderWithProviders(<ReportsPage />, { plugins: [reportsPlugin], route: "/reports?dateFrom=2030-01-10&dateTo=2030-01-11&status=closed,nps&users=7&onlyRated=true" });
    await waitFor(() => expect(api.calls.some((c) => c.path === "/ticketreport/reports")).toBe(true));
    const q = api.calls.find((c) => c.path === "/ticketreport/reports")!.url.searchParams;
    expect([q.get("dateFrom"), q.get("dateTo"), q.get("status"), q.get("users"), q.get("onlyRated")]).toEqual(["2030-01-10", "2030-01-11", '["closed","nps"]', "[7]", "true"]);
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("closed,nps");
  });
});

describe("the panel's SLA marks", () => {
  it("marks a ticket past 80 % of its first-response target, then breached when the clock passes the target, without any event", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const now = Date.now();
    const iso = (ms: number) => new Date(now + ms).toISOString();
    moments = [
      {
        user: null,
        tickets: [
          apiMoment(1, { status: "pending", user: null, sla: { state: "warning", warnAt: iso(-60_000), dueAt: iso(2 * 60_000) } }),
          apiMoment(2, { status: "pending", user: null, sla: { state: "ok", warnAt: iso(60 * 60_000), dueAt: iso(70 * 60_000) } }),
          apiMoment(3, { status: "pending", user: null }),
        ],
      },
    ];
    renderWithProviders(<MomentsPage />, { plugins: [reportsPlugin], route: "/moments" });
    const mark = await screen.findByTestId("sla-mark");
    expect(mark.getAttribute("data-state")).toBe("warning");
    expect(mark.textContent).toBe("SLA: faltam 2 min");
    // Only the one past 80 %: the others have no mark.
    expect(screen.getAllByTestId("sla-mark")).toHaveLength(1);
    act(() => vi.advanceTimersByTime(3 * 60_000 + SLA_TICK_MS));
    await waitFor(() => expect(screen.getByTestId("sla-mark").getAttribute("data-state")).toBe("breached"));
    expect(screen.getByTestId("sla-mark").textContent).toMatch(/^SLA estourado há \d+ min$/);
  });
});
