import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastSuccess } from "../../../web/src/ui/toast.ts";
import { defaultOfficeHours } from "../../office-hours/web/public.ts";
import HoursTab, { fullWeek } from "./hours-tab.tsx";
import { renderCompanies, sessionUser } from "./test-render.tsx";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const detail = { id: 7, name: "Loja", schedules: defaultOfficeHours() };

describe("hours tab", () => {
  it("loads the company's hours, warns after an edit and saves them", async () => {
    const api = stubApi({
      "GET /companies/7": () => ({ body: detail }),
      "PUT /companies/7/schedules": (body) => ({ body: { ...detail, schedules: (body as { schedules: unknown }).schedules } }),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderCompanies(<HoursTab />, { user: sessionUser({ super: false, companyId: 7 }) });
    const monday = (await screen.findByLabelText("Segunda-feira Início (turno 1)")) as HTMLInputElement;
    expect(monday.value).toBe("08:00");
    expect(screen.queryByText("Clique em salvar para registar as alterações")).toBeNull();
    fireEvent.change(monday, { target: { value: "07:30" } });
    expect(screen.getByText("Clique em salvar para registar as alterações")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "PUT")).toBe(true));
    const put = api.calls.find((c) => c.method === "PUT")!;
    expect((put.body as { schedules: { startTimeA: string }[] }).schedules[0]!.startTimeA).toBe("07:30");
    await waitFor(() => expect(screen.queryByText("Clique em salvar para registar as alterações")).toBeNull());
    expect(toastSuccess).toHaveBeenCalledWith("Horários atualizados com sucesso.");
  });

  it("refuses a shift that ends before it starts, without calling the server", async () => {
    const api = stubApi({ "GET /companies/7": () => ({ body: detail }) });
    vi.stubGlobal("fetch", api.fetch);
    renderCompanies(<HoursTab />, { user: sessionUser({ super: false, companyId: 7 }) });
    const end = (await screen.findByLabelText("Terça-feira Fim (turno 1)")) as HTMLInputElement;
    fireEvent.change(end, { target: { value: "07:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("O fim deve ser depois do início")).toBeTruthy();
    expect(api.calls.filter((c) => c.method === "PUT")).toEqual([]);
  });

  it("shows every weekday even when only some were saved", () => {
    const week = fullWeek([{ weekday: "Sábado", weekdayEn: "saturday", startTimeA: "09:00", endTimeA: "13:00", startTimeB: "", endTimeB: "" }]);
    expect(week.map((d) => d.weekdayEn)).toEqual(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
    expect(week[0]).toMatchObject({ startTimeA: "", endTimeB: "" });
    expect(week[5]).toMatchObject({ startTimeA: "09:00" });
  });
});
