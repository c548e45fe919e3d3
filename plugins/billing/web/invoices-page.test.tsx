import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { realtimeClient } from "../../../web/src/realtime/realtime.ts";
import { isoDay, renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastSuccess } from "../../../web/src/ui/toast.ts";
import billingPlugin from "./index.ts";
import { InvoicesPage } from "./invoices-page.tsx";
import { apiInvoice, apiSubscription, pixAnswer } from "./test-data.ts";
import { RENEWAL_REDIRECT_MS } from "./use-payment-concluded.ts";

vi.mock("../../../web/src/ui/toast.ts", async (original) => ({
  ...(await original<object>()),
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastWarning: vi.fn(),
  toastInfo: vi.fn(),
}));

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "GET /invoices": () => ({
      body: {
        invoices: [apiInvoice(3, { dueDate: isoDay(10) }), apiInvoice(2, { dueDate: isoDay(-3), status: "overdue" }), apiInvoice(1, { dueDate: isoDay(-40), status: "paid" })],
        count: 3,
        hasMore: false,
      },
    }),
    "GET /subscription": () => ({ body: apiSubscription() }),
    "POST /subscription": () => ({ body: pixAnswer() }),
    "POST /invoices/2/pay": () => ({ body: apiInvoice(2, { status: "paid" }) }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const render = (user = testUser()) => renderWithProviders(<InvoicesPage />, { session: user, plugins: [billingPlugin], route: "/financeiro" });

describe("invoices page (/financeiro)", () => {
  it("'Faturas (count)' with Pago / Vencido (highlighted) / Em Aberto, and PAGAR only while unpaid", async () => {
    render();
    expect(await screen.findByRole("heading", { name: "Faturas (3)" })).toBeTruthy();
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((r) => r.getAttribute("data-status"))).toEqual(["open", "overdue", "paid"]);
    expect(within(rows[0]!).getByText("Em Aberto")).toBeTruthy();
    expect(within(rows[1]!).getByText("Vencido")).toBeTruthy();
    expect(rows[1]!.style.background).not.toBe("");
    expect(within(rows[2]!).getByText("Pago")).toBeTruthy();
    expect(within(rows[0]!).getByRole("button", { name: "PAGAR" })).toBeTruthy();
    expect(within(rows[2]!).queryByRole("button", { name: "PAGAR" })).toBeNull();
    expect(within(rows[0]!).getByText(/R\$\s?99,90/)).toBeTruthy();
  });

  it("PAGAR opens 'Falta pouco!' on Personalizar (Dados known), then Revisar, PAGAR, and the PIX screen with a copy button", async () => {
    render();
    await screen.findByRole("heading", { name: "Faturas (3)" });
    const row = screen.getAllByRole("row")[1]!;
    fireEvent.click(within(row).getByRole("button", { name: "PAGAR" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Falta pouco!")).toBeTruthy();
    expect(within(dialog).getByText("Personalizar").closest("li")!.getAttribute("aria-current")).toBe("step");
    fireEvent.click(within(dialog).getByRole("button", { name: "PRÓXIMO" }));
    expect(within(dialog).getByText("Revisar").closest("li")!.getAttribute("aria-current")).toBe("step");
    expect(within(dialog).getByText("52998224725")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "PAGAR" }));
    expect(await within(dialog).findByTestId("qr-image")).toBeTruthy();
    expect(toastSuccess).toHaveBeenCalledWith("Assinatura realizada com sucesso!, aguardando a realização do pagamento");
    const sent = api.calls.find((c) => c.method === "POST" && c.path === "/subscription")!.body;
    expect(sent).toMatchObject({ firstName: "Ana", lastName: "Souza", zipcode: "52998224725", invoiceId: 3, plan: "" });
    expect(within(dialog).getByRole("button", { name: "Copiar código" })).toBeTruthy();
  });

  it("the spec's messages on Dados, then the custom plan's price preview (49 + 11 a user + 20 a connection over 3 and 3)", async () => {
    api = stubApi({
      "GET /invoices": () => ({ body: { invoices: [apiInvoice(3)], count: 1, hasMore: false } }),
      "GET /subscription": () => ({ body: apiSubscription({ document: "" }) }),
    });
    vi.stubGlobal("fetch", api.fetch);
    render(testUser({ name: "" }));
    fireEvent.click(await screen.findByRole("button", { name: "PAGAR" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Dados").closest("li")!.getAttribute("aria-current")).toBe("step");
    fireEvent.click(within(dialog).getByRole("button", { name: "PRÓXIMO" }));
    expect(within(dialog).getByText("O nome completo é obrigatório")).toBeTruthy();
    expect(within(dialog).getByText("CEP é obrigatório")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Nome completo/), { target: { value: "Bruno Lima" } });
    fireEvent.change(within(dialog).getByLabelText(/CPF\/CNPJ/), { target: { value: "11.222.333/0001-81" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "PRÓXIMO" }));
    fireEvent.click(within(dialog).getByLabelText("Plano personalizado"));
    // It starts from the invoice's 5 users and the minimum of 3 connections: 49 + 2 x 11.
    expect(within(dialog).getByTestId("checkout-total").textContent).toMatch(/71,00/);
    fireEvent.change(within(dialog).getByLabelText("Usuários"), { target: { value: "5" } });
    fireEvent.change(within(dialog).getByLabelText("Conexões"), { target: { value: "4" } });
    await waitFor(() => expect(within(dialog).getByTestId("checkout-total").textContent).toMatch(/91,00/));
    // Says when the chosen numbers start to count (the server gives them on payment).
    expect(within(dialog).getByText(/passam a valer quando o pagamento é confirmado/)).toBeTruthy();
  });

  it("on CONCLUIDA: 'Sua licença foi renovada até {date}!', the session's due date moves, and / after 4 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { path, store } = render(testUser({ company: { dueDate: isoDay(-2) } }));
    await screen.findByRole("heading", { name: "Faturas (3)" });
    const newDue = isoDay(29);
    act(() =>
      realtimeClient.deliver("company-2-payment", { action: "CONCLUIDA", company: { id: 2, dueDate: newDue, recurrence: "MENSAL" }, invoice: apiInvoice(2, { status: "paid" }) }),
    );
    const [y, m, d] = newDue.split("-");
    expect(await screen.findByText(`Sua licença foi renovada até ${d}/${m}/${y}!`)).toBeTruthy();
    expect(store.getState().session.user?.company?.dueDate).toBe(newDue);
    expect(path()).toBe("/financeiro");
    act(() => vi.advanceTimersByTime(RENEWAL_REDIRECT_MS));
    expect(path()).toBe("/");
  });

  it("the platform operator sees each company and confirms a payment with one click", async () => {
    render(testUser({ super: true, company: { id: 1 } }));
    await screen.findByRole("heading", { name: "Faturas (3)" });
    const rows = screen.getAllByRole("row").slice(1);
    expect(within(rows[1]!).getByText("Empresa Teste")).toBeTruthy();
    expect(within(rows[1]!).queryByRole("button", { name: "PAGAR" })).toBeNull();
    fireEvent.click(within(rows[1]!).getByRole("button", { name: "Confirmar pagamento" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "POST" && c.path === "/invoices/2/pay")).toBe(true));
    expect(toastSuccess).toHaveBeenCalledWith("Pagamento confirmado e licença renovada.");
  });

  it("the operator sees the payments that settled nothing (issue 32), and a company's admin never asks for them", async () => {
    const surplus = {
      id: 7,
      companyId: 2,
      companyName: "Empresa Dupla",
      invoiceId: 2,
      chargeId: 5,
      provider: "stripe",
      paymentId: "cs_test_dupla",
      amount: 30956,
      chargeAmount: 30956,
      outcome: "surplus" as const,
      createdAt: "2026-03-01T12:00:00.000Z",
    };
    api = stubApi({
      "GET /invoices": () => ({ body: { invoices: [apiInvoice(2, { companyName: "Empresa Dupla", status: "paid" })], count: 1, hasMore: false } }),
      "GET /billing/payments": () => ({ body: { payments: [surplus], count: 1, hasMore: false } }),
    });
    vi.stubGlobal("fetch", api.fetch);
    render(testUser({ super: true, company: { id: 1 } }));
    expect(await screen.findByText("Pagamentos a conferir (1)")).toBeTruthy();
    const table = screen.getByRole("table", { name: "Pagamentos a conferir" });
    const row = within(table).getAllByRole("row")[1]!;
    expect(row.getAttribute("data-outcome")).toBe("surplus");
    expect(within(row).getByText("Empresa Dupla")).toBeTruthy();
    expect(within(row).getByText("stripe")).toBeTruthy();
    expect(within(row).getByText("cs_test_dupla")).toBeTruthy();
    expect(within(row).getByText("Fatura já quitada")).toBeTruthy();
    expect(within(row).getAllByText(/R\$\s?30\.956,00/)).toHaveLength(2);
    expect(api.calls.find((c) => c.path === "/billing/payments")?.search).toBe("?attention=true&pageNumber=1");
  });

  it("a company's admin does not ask for the operator's record of payments", async () => {
    render();
    await screen.findByRole("heading", { name: "Faturas (3)" });
    expect(api.calls.some((c) => c.path === "/billing/payments")).toBe(false);
  });
});
