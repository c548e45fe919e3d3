import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SideMenu } from "../../../web/src/layout/side-menu.tsx";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import plugin from "./index.ts";

let api: ReturnType<typeof stubApi>;
const serve = (helps: unknown[]) => {
  api = stubApi({ "GET /helps/list": () => ({ body: helps }), "GET /version": () => ({ body: { version: "4.5.0" } }) });
  vi.stubGlobal("fetch", api.fetch);
};
const asked = () => api.calls.map((c) => c.path);
afterEach(() => vi.unstubAllGlobals());

describe("the 'Ajuda' menu entry", () => {
  it("shows when the help list has entries", async () => {
    serve([{ id: 1, title: "Primeiros passos", description: "", video: "", createdAt: "", updatedAt: "" }]);
    renderWithProviders(<SideMenu collapsed={false} />, { plugins: [plugin] });
    expect((await screen.findByRole("link", { name: "Ajuda" })).getAttribute("href")).toBe("/helps");
  });

  it("stays hidden while the help list is empty", async () => {
    serve([]);
    renderWithProviders(<SideMenu collapsed={false} />, { plugins: [plugin] });
    await waitFor(() => expect(asked()).toContain("/helps/list"));
    await waitFor(() => expect(screen.getByText("v.4.5.0")).toBeTruthy());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("link", { name: "Ajuda" })).toBeNull();
  });
});
