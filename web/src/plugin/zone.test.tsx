import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HomePage } from "../pages/home-page.tsx";
import { renderWithProviders } from "../test/render.tsx";
import { stubApi } from "../test/stub-api.ts";
import { defineWebPlugin, type Language, type WebPlugin } from "./web-plugin.ts";
import { Zone } from "./zone.tsx";

const same = (bundle: Record<string, unknown>): Record<Language, Record<string, unknown>> => ({ pt: bundle, en: bundle, es: bundle, tr: bundle });
beforeEach(() => vi.stubGlobal("fetch", stubApi({}).fetch));
afterEach(() => vi.unstubAllGlobals());

const plugin = (id: string, zones: WebPlugin["zones"]) => defineWebPlugin({ manifest: { id }, zones, translations: same({}) });

describe("zones: happy", () => {
  it("the dashboard renders a scratch plugin's card after its own cards", async () => {
    renderWithProviders(<HomePage />, { plugins: [plugin("scratch", { "dashboard.cards": [() => <div className="app-home-card">scratch card</div>] })] });
    const card = await screen.findByText("scratch card");
    expect(card.parentElement?.classList.contains("app-home-grid")).toBe(true);
    expect(card.previousElementSibling?.textContent).toContain("ana@empresa.com");
  });

  it("orders contributions by `order`, then plugin id, then each plugin's own order", () => {
    const a = plugin("a", { topbar: [() => <i>a1</i>, { component: () => <i>a2</i>, order: -1 }] });
    const b = plugin("b", { topbar: [{ component: () => <i>b1</i>, order: -1 }, () => <i>b2</i>] });
    const { container } = renderWithProviders(<Zone name="topbar" />, { plugins: [a, b] });
    expect([...container.querySelectorAll("i")].map((i) => i.textContent)).toEqual(["a2", "b1", "a1", "b2"]);
  });
});

describe("zones: errors", () => {
  it("an empty zone renders nothing, and a zone renders only its own contributions", () => {
    const { container } = renderWithProviders(<Zone name="dashboard.cards" />, { plugins: [plugin("a", { topbar: [() => <i>bell</i>] })] });
    expect(container.innerHTML).toBe("");
  });
});
