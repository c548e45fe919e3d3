import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import schedulesPlugin from "./index.ts";
import { monthGrid } from "./month-grid.ts";
import { SchedulesPage } from "./schedules-page.tsx";
import { sampleSchedule } from "./test-data.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const soon = new Date();
soon.setHours(10, 30, 0, 0);
let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi({
    "GET /schedules": () => ({
      body: {
        schedules: [
          sampleSchedule({ id: 7, sendAt: soon.toISOString() }),
          sampleSchedule({ id: 8, body: "Cobrança", contact: { id: 4, name: "Bruno Lima" }, status: "ERRO", lastError: "ERR_NO_DEF_WAPP_FOUND" }),
        ],
        count: 2,
        hasMore: false,
      },
    }),
    "GET /contacts/3": () => ({ body: { id: 3, name: "Ana Souza", number: "5511987654321" } }),
    "GET /users/list": () => ({ body: [] }),
    "GET /queue": () => ({ body: [] }),
    "GET /whatsapp": () => ({ body: [] }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe("schedules page", () => {
  it("lists the schedules with their status; ERRO shows as a send error", async () => {
    renderWithProviders(<SchedulesPage />, { plugins: [schedulesPlugin], route: "/schedules" });
    expect(await screen.findByText("Bruno Lima")).toBeTruthy();
    const table = screen.getByRole("table", { name: "Agendamentos" });
    expect(within(table).getByText("Erro de envio")).toBeTruthy();
    expect(within(table).getByText("Pendente")).toBeTruthy();
    expect(screen.getByText("Agendamentos (2)")).toBeTruthy();
  });

  it("?contactId= opens the create dialog for that contact", async () => {
    renderWithProviders(<SchedulesPage />, { plugins: [schedulesPlugin], route: "/schedules?contactId=3" });
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Novo agendamento")).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByLabelText("Contato") as HTMLInputElement).value).toBe("Ana Souza"));
  });

  it("the calendar shows the month with each schedule on its day", async () => {
    renderWithProviders(<SchedulesPage />, { plugins: [schedulesPlugin], route: "/schedules" });
    await screen.findByRole("table", { name: "Agendamentos" });
    fireEvent.click(screen.getByRole("button", { name: "Calendário" }));
    const key = `${soon.getFullYear()}-${String(soon.getMonth() + 1).padStart(2, "0")}-${String(soon.getDate()).padStart(2, "0")}`;
    const cell = await screen.findByRole("cell", { name: key });
    expect(await within(cell).findByText(/10:30 Ana Souza/)).toBeTruthy();
    // The month's weeks bound the request: from the Sunday before the 1st to the day after the last cell.
    const monthCall = api.calls.filter((c) => c.path === "/schedules" && c.url.searchParams.has("from")).at(-1)!;
    const first = new Date(soon.getFullYear(), soon.getMonth(), 1);
    expect(monthCall.url.searchParams.get("from")).toBe(new Date(first.getFullYear(), first.getMonth(), 1 - first.getDay()).toISOString());
    expect(monthCall.url.searchParams.get("pageNumber")).toBe("1");
  });
});

describe("schedule calendar", () => {
  it("reads every page of the month at once, without scrolling", async () => {
    const { ScheduleCalendar } = await import("./schedule-calendar.tsx");
    const later = new Date(soon.getTime() + 3_600_000);
    const pages: Record<string, unknown> = {
      "1": { schedules: [sampleSchedule({ id: 7, sendAt: soon.toISOString() })], count: 2, hasMore: true },
      "2": { schedules: [sampleSchedule({ id: 8, sendAt: later.toISOString(), contact: { id: 4, name: "Bruno Lima" } })], count: 2, hasMore: false },
    };
    vi.stubGlobal("fetch", stubApi({ "GET /schedules": (_b, call) => ({ body: pages[call.url.searchParams.get("pageNumber") ?? "1"] }) }).fetch);
    renderWithProviders(<ScheduleCalendar onOpen={vi.fn()} />, { plugins: [schedulesPlugin] });
    expect(await screen.findByText(/Bruno Lima/)).toBeTruthy();
    expect(screen.getByText(/Ana Souza/)).toBeTruthy();
  });
});

describe("month grid", () => {
  it("covers whole weeks from the Sunday before the 1st to the Saturday after the last day", () => {
    const days = monthGrid(2030, 2); // March 2030 starts on a Friday
    expect(days).toHaveLength(42);
    expect(days[0]!.getDate()).toBe(24);
    expect(days[5]!.getDate()).toBe(1);
    expect(days.at(-1)!.getDay()).toBe(6);
    expect(monthGrid(2026, 1)).toHaveLength(28); // February 2026: Sunday the 1st to Saturday the 28th
  });
});
