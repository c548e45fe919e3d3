import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import { ConfirmPaymentAction } from "./confirm-payment-action.tsx";
import billingPlugin from "./index.ts";
import { apiInvoice } from "./test-data.ts";

vi.mock("../../../web/src/ui/toast.ts", async (original) => ({
  ...(await original<object>()),
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastWarning: vi.fn(),
  toastInfo: vi.fn(),
}));

let api: ReturnType<typeof stubApi>;
let unpaid = true;
beforeEach(() => {
  vi.clearAllMocks();
  unpaid = true;
  api = stubApi({
    "GET /invoices": () => ({
      body: { invoices: unpaid ? [apiInvoice(8, { companyId: 5, companyName: "Padaria Sol", value: 120 })] : [], count: unpaid ? 1 : 0, hasMore: false },
    }),
    "POST /invoices/8/pay": () => ({ body: apiInvoice(8, { companyId: 5, status: "paid" }) }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const company = { id: 5, name: "Padaria Sol", dueDate: "2024-01-01", recurrence: "MENSAL" };

describe("confirm payment on the companies screen (companies.rowActions)", () => {
  it("finds the company's unpaid invoice, asks, marks it paid and tells the screen", async () => {
    const onChanged = vi.fn();
    renderWithProviders(<ConfirmPaymentAction company={company} onChanged={onChanged} />, { session: testUser({ super: true, company: { id: 1 } }), plugins: [billingPlugin] });
    fireEvent.click(screen.getByRole("button", { name: "Confirmar pagamento" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/R\$\s?120,00 de Padaria Sol/)).toBeTruthy();
    expect(api.calls[0]!.search).toContain("companyId=5");
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(toastSuccess).toHaveBeenCalledWith("Pagamento confirmado e licença renovada.");
  });

  it("says so when there is nothing to confirm", async () => {
    unpaid = false;
    renderWithProviders(<ConfirmPaymentAction company={company} onChanged={() => {}} />, { session: testUser({ super: true, company: { id: 1 } }), plugins: [billingPlugin] });
    fireEvent.click(screen.getByRole("button", { name: "Confirmar pagamento" }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith("Esta empresa não tem fatura em aberto."));
  });
});
