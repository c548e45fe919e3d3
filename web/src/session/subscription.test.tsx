import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../app/app-routes.tsx";
import { isoDay, renderWithProviders, testUser } from "../test/render.tsx";
import { describeSession } from "./session.ts";
import { subscriptionNotice } from "./subscription.ts";

const notice = (dueDate: string | null, id = 2) => subscriptionNotice(describeSession({ status: "signedIn", token: "t", user: testUser({ company: { id, dueDate } }) }));

describe("subscription notice", () => {
  it("warns when fewer than 5 days remain", () => {
    expect(notice(isoDay(4))).toEqual({ kind: "warning", days: 4 });
    expect(notice(isoDay(1))).toEqual({ kind: "warning", days: 1 });
  });

  it("says nothing with 5 or more days left, without a due date, or for company 1", () => {
    expect(notice(isoDay(5))).toBeNull();
    expect(notice(isoDay(30))).toBeNull();
    expect(notice(null)).toBeNull();
    expect(notice(isoDay(1), 1)).toBeNull();
    expect(notice(isoDay(-10), 1)).toBeNull();
  });

  it("reports expiry when the due date is today or past", () => {
    expect(notice(isoDay(0))).toEqual({ kind: "expired", dueDate: isoDay(0) });
    expect(notice(isoDay(-3))).toMatchObject({ kind: "expired" });
  });
});

describe("subscription warning toast", () => {
  beforeEach(() =>
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ version: "4.5.0" })),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it("shows 'dias' for several days, once per session", async () => {
    const { location } = renderWithProviders(<AppRoutes />, { session: testUser({ company: { dueDate: isoDay(3) } }) });
    expect(await screen.findByText("Sua assinatura vence em 3 dias.")).toBeTruthy();
    location.navigate("/settings");
    await screen.findByText("Configurações", { selector: "h3" });
    expect(screen.getAllByText("Sua assinatura vence em 3 dias.")).toHaveLength(1);
  });

  it("shows 'dia' for one day", async () => {
    renderWithProviders(<AppRoutes />, { session: testUser({ company: { dueDate: isoDay(1) } }) });
    expect(await screen.findByText("Sua assinatura vence em 1 dia.")).toBeTruthy();
  });

  it("is translated", async () => {
    localStorage.setItem("language", "en");
    const { i18n } = await import("../i18n/i18n.ts");
    await i18n.changeLanguage("en");
    renderWithProviders(<AppRoutes />, { session: testUser({ company: { dueDate: isoDay(2) } }) });
    expect(await screen.findByText("Your subscription expires in 2 days.")).toBeTruthy();
  });

  it("an expired company is told the due date and sent to billing", async () => {
    const { samplePlugins } = await import("../test/sample-plugins.tsx");
    const due = isoDay(-2);
    const [y, m, d] = due.split("-");
    const { path } = renderWithProviders(<AppRoutes />, { session: testUser({ company: { dueDate: due } }), plugins: samplePlugins });
    expect(await screen.findByText(`Sua assinatura venceu em ${d}/${m}/${y}.`)).toBeTruthy();
    await vi.waitFor(() => expect(path()).toBe("/financeiro"));
    expect(await screen.findByText("invoices")).toBeTruthy();
  });

  it("does not show with plenty of time left", async () => {
    renderWithProviders(<AppRoutes />, { session: testUser() });
    await screen.findByText("Olá, Ana Souza!");
    expect(screen.queryByText(/Sua assinatura/)).toBeNull();
  });
});
