import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import reportsPlugin from "./index.ts";
import { ReportsPage } from "./reports-page.tsx";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

let api: ReturnType<typeof stubApi>;
const range = { from: "2030-01-01", to: "2030-01-31" };
beforeEach(() => {
  api = stubApi({
    "GET /ticketreport/reports": () => ({ body: { tickets: [], totalTickets: { total: 0 } } }),
    "GET /reports/group-attendance": () => ({
      body: { ...range, truncated: false, rows: [{ groupId: 4, groupName: "Família Souza", userId: 7, userName: "Ana", tickets: 2, resolved: 2, avgSupportMinutes: 30 }] },
    }),
    "GET /reports/ticket-duration": () => ({
      body: { ...range, truncated: false, buckets: [15, 60, 240, 1440], rows: [{ queueId: 1, queueName: "Vendas", buckets: [1, 0, 1, 0, 1], total: 3 }] },
    }),
    "GET /reports/survey-results": () => ({
      body: {
        ...range,
        distribution: [0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 1],
        totals: { answers: 4, promoters: 1, passives: 1, detractors: 2, npsScore: -25 },
        attendants: [{ userId: 7, userName: "Ana", answers: 2, promoters: 1, passives: 0, detractors: 1, npsScore: 0 }],
      },
    }),
    "GET /reports/*": () => ({ body: "file" }),
  });
  vi.stubGlobal("fetch", api.fetch);
  URL.createObjectURL = vi.fn(() => "blob:x");
  URL.revokeObjectURL = vi.fn();
  // jsdom would follow the saved link (its location becomes the blob URL): record it instead.
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  saved.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
const saved: string[] = [];

describe("the further reports on /reports", () => {
  it("shows group attendance, ticket duration and survey results over the page's range, and downloads PDF and zip", async () => {
    renderWithProviders(<ReportsPage />, { plugins: [reportsPlugin], route: "/reports" });
    const groups = await screen.findByRole("table", { name: "Atendimentos em grupos" });
    expect(within(groups).getByText("Família Souza")).toBeTruthy();
    expect(within(groups).getByText("30")).toBeTruthy();
    const asked = api.calls.find((c) => c.path === "/reports/group-attendance")!.url.searchParams;
    expect(asked.get("date_from")?.endsWith("-01")).toBe(true);

    fireEvent.click(screen.getByRole("tab", { name: "Duração dos atendimentos" }));
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain("/reports/ticket-duration"));
    const duration = await screen.findByRole("table", { name: "Duração dos atendimentos" });
    expect(within(duration).getByText("≥ 1440 min")).toBeTruthy();
    expect(within(duration).getByText("Vendas")).toBeTruthy();

    fireEvent.click(screen.getByRole("tab", { name: "Pesquisa de satisfação" }));
    const per = await screen.findByRole("table", { name: "Por atendente" });
    expect(within(per).getByText("Ana")).toBeTruthy();
    expect(within(per).getByText("-25")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "PDF" }));
    await waitFor(() => expect(api.calls.some((c) => c.path === "/reports/survey-results/export/pdf")).toBe(true));
    fireEvent.click(await screen.findByRole("button", { name: "CSV (.zip)" }));
    await waitFor(() => expect(api.calls.some((c) => c.path === "/reports/survey-results/export/zip")).toBe(true));
    await waitFor(() => expect(saved).toEqual(["pesquisa-de-satisfacao.pdf", "pesquisa-de-satisfacao.zip"]));
  });

  it("asks the further reports and their files in office hours when the page's checkbox is on", async () => {
    renderWithProviders(<ReportsPage />, { plugins: [reportsPlugin], route: "/reports" });
    await screen.findByRole("table", { name: "Atendimentos em grupos" });
    expect(api.calls.find((c) => c.path === "/reports/group-attendance")!.url.searchParams.get("businessHours")).toBeNull();
    fireEvent.click(screen.getByLabelText("Só horário comercial"));
    await waitFor(() => expect(api.calls.some((c) => c.path === "/reports/group-attendance" && c.url.searchParams.get("businessHours") === "true")).toBe(true));
    fireEvent.click(screen.getAllByRole("button", { name: "PDF" })[0]!);
    await waitFor(() => expect(api.calls.some((c) => c.path === "/reports/group-attendance/export/pdf" && c.url.searchParams.get("businessHours") === "true")).toBe(true));
  });
});
