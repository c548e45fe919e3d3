import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PLAN_REDIRECT_MS } from "../../../web/src/app/app-routes.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastError } from "../../../web/src/ui/toast.ts";
import CompaniesPage from "./companies-page.tsx";
import { renderCompanies, sessionUser } from "./test-render.tsx";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const page = (companies: unknown[], hasMore = false) => ({ body: { companies, count: companies.length, hasMore } });
const row = (id: number, name: string) => ({
  id,
  name,
  email: `${id}@x.test`,
  phone: "",
  planId: 1,
  status: true,
  dueDate: "2999-12-31",
  recurrence: "MENSAL",
  document: "",
  paymentMethod: "",
  numberAttendants: 1,
  numberConections: 1,
  campaignsEnabled: false,
  lastLogin: null,
  createdAt: "2024-01-01T00:00:00.000Z",
  updatedAt: "2024-01-01T00:00:00.000Z",
  plan: { id: 1, name: "Plano 1", amount: 0 },
  folderSize: 0,
  numberFileFolder: 0,
  updatedAtFolder: null,
});

describe("companies page", () => {
  it("a non-super user gets the spec's message and goes home after 1 s", async () => {
    vi.useFakeTimers();
    const api = stubApi({});
    vi.stubGlobal("fetch", api.fetch);
    const { location, container } = renderCompanies(<CompaniesPage />, { user: sessionUser({ super: false, companyId: 3 }) });
    expect(container.textContent).toBe("");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PLAN_REDIRECT_MS - 100);
    });
    expect(location.history?.at(-1)).toBe("/companies");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(location.history?.at(-1)).toBe("/");
    expect(toastError).toHaveBeenCalledWith("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.");
    // It never asked the server for the list.
    expect(api.calls.filter((c) => c.path.startsWith("/companies"))).toEqual([]);
  });

  it("the super user sees the form on top and the companies from /companiesPlan/", async () => {
    const api = stubApi({
      "GET /companiesPlan/": (_b, call) => (call.url.searchParams.get("pageNumber") === "1" ? page([row(1, "Empresa 1"), row(2, "Padaria")]) : page([])),
      "GET /plans/all": () => ({ body: [{ id: 1, name: "Plano 1", amount: 0 }] }),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderCompanies(<CompaniesPage />);
    expect(await screen.findByText("Padaria")).toBeTruthy();
    expect(screen.getByRole("form", { name: "Formulário de empresa" })).toBeTruthy();
    const list = api.calls.find((c) => c.path === "/companiesPlan/")!;
    expect(new URLSearchParams(list.search).get("pageNumber")).toBe("1");
    expect(new URLSearchParams(list.search).get("searchParam")).toBe("");
  });
});
