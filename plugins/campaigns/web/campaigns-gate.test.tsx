import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../../../web/src/app/app-routes.tsx";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import campaignsPlugin from "./index.ts";

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    stubApi({
      "GET /campaigns": () => ({ body: { records: [], count: 0, hasMore: false } }),
      "GET /contact-lists": () => ({ body: { records: [], count: 0, hasMore: false } }),
    }).fetch,
  );
});
afterEach(() => vi.unstubAllGlobals());

/** An admin of a company whose plan has useCampaigns, with campaignsEnabled as given (absent: the default, off). */
const admin = (campaignsEnabled?: "true" | "false") =>
  testUser({ company: { settings: [{ key: "scheduleType", value: "disabled" }, ...(campaignsEnabled ? [{ key: "campaignsEnabled", value: campaignsEnabled }] : [])] } });

describe("the Campanhas menu and pages follow the company's campaignsEnabled setting", () => {
  it("on: the menu lists the three entries and /campaigns opens", async () => {
    const { path } = renderWithProviders(<AppRoutes />, { route: "/campaigns", plugins: [campaignsPlugin], session: admin("true") });
    expect(await screen.findByText("Listas de Contatos")).toBeTruthy();
    expect(screen.getAllByText("Listagem").length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(path()).toBe("/campaigns");
  });

  it("off (and by default): no menu entry, and its pages go home", async () => {
    for (const setting of ["false", undefined] as const) {
      const { path, unmount } = renderWithProviders(<AppRoutes />, { route: "/contact-lists", plugins: [campaignsPlugin], session: admin(setting) });
      await waitFor(() => expect(path()).toBe("/"));
      expect(screen.queryByText("Listas de Contatos")).toBeNull();
      expect(screen.queryByText("Listagem")).toBeNull();
      unmount();
    }
  });
});
