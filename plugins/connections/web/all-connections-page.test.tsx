import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { AllConnectionsPage } from "./all-connections-page.tsx";
import { summarize } from "./all-connections-summary.ts";
import connectionsPlugin from "./index.ts";
import { apiConnection } from "./test-data.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const all = [
  apiConnection({ id: 1, companyId: 1, name: "Matriz", status: "CONNECTED" }),
  apiConnection({ id: 2, companyId: 2, name: "Loja A", status: "CONNECTED" }),
  apiConnection({ id: 3, companyId: 2, name: "Loja B", status: "DISCONNECTED" }),
  apiConnection({ id: 4, companyId: 2, name: "Loja C", status: "qrcode" }),
];
let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi({
    "GET /whatsapp/all/": () => ({ body: all }),
    "GET /companies/list": () => ({
      body: [
        { id: 1, name: "Plataforma" },
        { id: 2, name: "Empresa Teste" },
      ],
    }),
    "DELETE /whatsappsession/admin/2": () => ({ body: { message: "ok" } }),
    "POST /whatsapp": (body) => ({ body: apiConnection({ id: 9, companyId: 2, name: (body as { name: string }).name }) }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const superUser = () => testUser({ super: true, companyId: 1, company: { id: 1 } });

describe("all connections", () => {
  it("counts connected, disconnected and total per company, with a grand total", async () => {
    renderWithProviders(<AllConnectionsPage />, { plugins: [connectionsPlugin], session: superUser(), route: "/allConnections" });
    const company = await screen.findByTestId("company-row-2");
    await waitFor(() => expect(company.textContent).toContain("Empresa Teste"));
    expect([...company.querySelectorAll("td")].slice(1).map((td) => td.textContent)).toEqual(["1", "2", "3"]);
    const total = screen.getByTestId("total-row");
    expect([...total.querySelectorAll("td")].map((td) => td.textContent)).toEqual(["Total geral", "2", "2", "4"]);
    expect(api.calls.find((c) => c.path === "/whatsapp/all/")?.search).toBe("?session=0");
  });

  it("a row opens the company's connections; disconnect uses the admin route", async () => {
    renderWithProviders(<AllConnectionsPage />, { plugins: [connectionsPlugin], session: superUser() });
    fireEvent.click(await screen.findByRole("button", { name: "Ver as conexões de Empresa Teste" }));
    const dialog = await screen.findByRole("dialog", { name: /Conexões de Empresa Teste/ });
    expect(within(dialog).getAllByRole("row")).toHaveLength(4);
    fireEvent.click(within(dialog).getByRole("button", { name: "Desconectar Loja A" }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "DELETE" && c.path === "/whatsappsession/admin/2")).toBe(true));
  });

  it("the company's dialog adds a WhatsApp connection to that company", async () => {
    renderWithProviders(<AllConnectionsPage />, { plugins: [connectionsPlugin], session: superUser() });
    fireEvent.click(await screen.findByRole("button", { name: "Ver as conexões de Empresa Teste" }));
    const companyDialog = await screen.findByRole("dialog", { name: /Conexões de Empresa Teste/ });
    fireEvent.click(within(companyDialog).getByRole("button", { name: "Adicionar WhatsApp" }));
    const form = await screen.findByRole("form");
    fireEvent.change(within(form).getByLabelText("Nome"), { target: { value: "Loja D" } });
    fireEvent.submit(form);
    await waitFor(() => expect(api.calls.find((c) => c.method === "POST" && c.path === "/whatsapp")?.body).toMatchObject({ name: "Loja D", channel: "whatsapp", companyId: 2 }));
  });

  it("sends anyone but the super user to /tickets", async () => {
    const { path } = renderWithProviders(<AllConnectionsPage />, { plugins: [connectionsPlugin], route: "/allConnections" });
    await waitFor(() => expect(path()).toBe("/tickets"));
    expect(api.calls).toEqual([]);
  });

  it("summarize names unknown companies by id", () => {
    const { rows, totals } = summarize([apiConnection({ companyId: 9, status: "TIMEOUT" })], []);
    expect(rows).toEqual([{ companyId: 9, name: "#9", connected: 0, disconnected: 1, total: 1 }]);
    expect(totals).toEqual({ connected: 0, disconnected: 1, total: 1 });
  });
});
