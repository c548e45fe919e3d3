import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../../../web/src/app/app-routes.tsx";
import { isoDay, renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import billingPlugin from "./index.ts";
import { SubscriptionPage } from "./subscription-page.tsx";
import { apiInvoice, apiSubscription } from "./test-data.ts";

let subscription = apiSubscription();
beforeEach(() => {
  subscription = apiSubscription();
  vi.stubGlobal(
    "fetch",
    stubApi({
      "GET /subscription": () => ({ body: subscription }),
      "GET /invoices": () => ({ body: { invoices: [apiInvoice(1, { dueDate: isoDay(-2), status: "overdue" })], count: 1, hasMore: false } }),
      "GET /version": () => ({ body: { version: "4.5.0" } }),
    }).fetch,
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("subscription page (/subscription, 'Assinatura')", () => {
  it("shows the licence period, the billing e-mail and the days left; 'Assine Agora!' opens the checkout on /financeiro", async () => {
    subscription = apiSubscription({ dueDate: isoDay(12) });
    const { path } = renderWithProviders(<SubscriptionPage />, { plugins: [billingPlugin], route: "/subscription" });
    expect(await screen.findByText("financeiro@empresa.test")).toBeTruthy();
    expect(screen.getByText("Faltam 12 dias")).toBeTruthy();
    expect(screen.getByText("Plano Ouro")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Assine Agora!" }));
    expect(path()).toBe("/financeiro?pay=1");
  });

  it("says 'vence em hoje' on the due day", async () => {
    subscription = apiSubscription({ dueDate: isoDay(0) });
    renderWithProviders(<SubscriptionPage />, { plugins: [billingPlugin], route: "/subscription" });
    expect(await screen.findByText("vence em hoje")).toBeTruthy();
  });
});

describe("an overdue company's admin with billing installed", () => {
  it("is sent to /financeiro, where the billing menu entry is the one left", async () => {
    const { path } = renderWithProviders(<AppRoutes />, { session: testUser({ company: { dueDate: isoDay(-2) } }), plugins: [billingPlugin], route: "/" });
    await waitFor(() => expect(path()).toBe("/financeiro"));
    expect(await screen.findByRole("heading", { name: "Faturas (1)" })).toBeTruthy();
    expect(screen.getAllByRole("link", { name: /Financeiro/ }).length).toBeGreaterThan(0);
  });
});
