import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import plugin from "./index.ts";
import { ContactListActions } from "./list-actions.tsx";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi({ "GET /contacts/export/*": () => ({ body: "Nome;Número\r\n" }) });
  vi.stubGlobal("fetch", api.fetch);
  URL.createObjectURL = vi.fn(() => "blob:contacts");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe("contacts toolbar: import and export", () => {
  it("Import opens /contacts/import", () => {
    const { path } = renderWithProviders(<ContactListActions filter={{ searchParam: "" }} />, { route: "/contacts", plugins: [plugin] });
    fireEvent.click(screen.getByRole("button", { name: "Importar" }));
    expect(path()).toBe("/contacts/import");
  });

  it("Export downloads the list's filter as .xlsx or .csv, headed in the user's language", async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderWithProviders(<ContactListActions filter={{ searchParam: "Souza" }} />, { route: "/contacts", plugins: [plugin] });
    fireEvent.click(screen.getByRole("button", { name: "Exportar" }));
    fireEvent.click(await screen.findByText("Arquivo CSV (.csv)"));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = api.calls.find((c) => c.path === "/contacts/export/csv")!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ searchParam: "Souza", lang: "pt" });
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^contatos-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(link.href).toBe("blob:contacts");
  });
});
