import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { realtimeClient } from "../../../web/src/realtime/realtime.ts";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastError } from "../../../web/src/ui/toast.ts";
import plugin from "./index.ts";
import { ContactsImportPage } from "./import-page.tsx";
import { mappingProblem } from "./mapping-step.tsx";
import { sampleImport, samplePreview } from "./test-data.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

let api: ReturnType<typeof stubApi>;
const routes = {
  "GET /contacts/import/list": () => ({ body: { imports: [] } }),
  "GET /whatsapp": () => ({ body: [{ id: 3, name: "Vendas", status: "CONNECTED", channel: "whatsapp", channelKind: "whatsapp" }] }),
  "GET /tags/list": () => ({ body: [{ id: 5, name: "VIP", color: "#ff0000" }] }),
  "POST /contacts/import/upload": () => ({ body: samplePreview() }),
  "POST /contacts/import/7/start": () => ({ body: sampleImport({ status: "queued" }) }),
  "GET /contacts/import/7": () => ({ body: sampleImport({ status: "queued" }) }),
  "GET /contacts/import/7/errors": () => ({ body: { errors: [{ line: 3, field: "number", message: "Too Short!", value: "1234" }], count: 1 } }),
};
beforeEach(() => {
  api = stubApi(routes);
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const render = () => renderWithProviders(<ContactsImportPage />, { plugins: [plugin], route: "/contacts/import" });
const pickFile = async () => {
  const input = await screen.findByLabelText("Escolher planilha...");
  fireEvent.change(input, { target: { files: [new File(["Nome;Telefone\nAna;11987654321"], "clientes.csv", { type: "text/csv" })] } });
};

describe("contacts import page", () => {
  it("uploads the file, shows its first rows with the suggested mapping, and starts with the chosen columns and tags", async () => {
    render();
    await pickFile();
    const preview = await screen.findByRole("table", { name: "Prévia da planilha" });
    expect(within(preview).getByText("Ana Souza")).toBeTruthy();
    expect((screen.getByLabelText("O que é Telefone") as HTMLSelectElement).value).toBe("number");
    expect(screen.getByText("Mostrando as primeiras 2 linhas.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("O que é E-mail"), { target: { value: "extra" } });
    fireEvent.change(await screen.findByLabelText("Tags para todos os contatos importados"), { target: { value: "5" } });
    fireEvent.click(screen.getByRole("button", { name: "Iniciar importação" }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "POST" && c.path === "/contacts/import/7/start")).toBe(true));
    const start = api.calls.find((c) => c.path === "/contacts/import/7/start")!;
    expect(start.body).toEqual({ columns: ["name", "number", "extra"], hasHeader: true, tags: [5] });
    expect(await screen.findByText("Na fila")).toBeTruthy();
  });

  it("will not start without a number column, and says why", async () => {
    render();
    await pickFile();
    fireEvent.change(await screen.findByLabelText("O que é Telefone"), { target: { value: "ignore" } });
    expect(screen.getByText("Escolha a coluna do número.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Iniciar importação" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("follows the progress live and ends with the refused rows by line", async () => {
    render();
    await pickFile();
    fireEvent.click(await screen.findByRole("button", { name: "Iniciar importação" }));
    await screen.findByText("Na fila");
    act(() =>
      realtimeClient.deliver("company-2-contactImport", { action: "update", contactImport: sampleImport({ status: "running", totalRows: 4, processedRows: 2, created: 2 }) }),
    );
    expect(await screen.findByText("2 de 4 linhas")).toBeTruthy();
    expect(screen.getByText("2 criados")).toBeTruthy();
    act(() =>
      realtimeClient.deliver("company-2-contactImport", {
        action: "update",
        contactImport: sampleImport({ status: "done", totalRows: 4, processedRows: 4, created: 3, failed: 1 }),
      }),
    );
    const errors = await screen.findByRole("table", { name: "Linhas com erro (1)" });
    expect(within(errors).getByText("3")).toBeTruthy();
    expect(within(errors).getByText("Muito curto")).toBeTruthy();
    expect(within(errors).getByText("Número")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ver contatos" })).toBeTruthy();
  });

  it("shows a server refusal of the file with the shared error toast and stays on the picker", async () => {
    api = stubApi({ ...routes, "POST /contacts/import/upload": () => ({ status: 400, body: { error: "ERR_CONTACT_IMPORT_BAD_FILE" } }) });
    vi.stubGlobal("fetch", api.fetch);
    render();
    await pickFile();
    await waitFor(() => expect(toastError).toHaveBeenCalled());
    expect(screen.getByText("Importar planilha")).toBeTruthy();
  });

  it("starts an import from a connected WhatsApp connection", async () => {
    const whatsappImport = sampleImport({ id: 7, source: "whatsapp", format: "whatsapp", fileName: "", status: "queued" });
    api = stubApi({ ...routes, "POST /contacts/import/whatsapp/3": () => ({ body: whatsappImport }), "GET /contacts/import/7": () => ({ body: whatsappImport }) });
    vi.stubGlobal("fetch", api.fetch);
    render();
    const start = await screen.findByRole("button", { name: "Importar contatos do celular" });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(start);
    await waitFor(() => expect(api.calls.some((c) => c.path === "/contacts/import/whatsapp/3")).toBe(true));
    expect(await screen.findByText("Contatos do WhatsApp")).toBeTruthy();
  });

  it("without a connected WhatsApp, the card explains it; a running import is shown on arrival", async () => {
    api = stubApi({
      ...routes,
      "GET /whatsapp": () => ({ body: [{ id: 3, name: "Vendas", status: "DISCONNECTED", channel: "whatsapp", channelKind: "whatsapp" }] }),
      "GET /contacts/import/list": () => ({ body: { imports: [sampleImport({ status: "running", totalRows: 10, processedRows: 5 })] } }),
      "GET /contacts/import/7": () => ({ body: sampleImport({ status: "running", totalRows: 10, processedRows: 5 }) }),
    });
    vi.stubGlobal("fetch", api.fetch);
    render();
    expect(await screen.findByText("5 de 10 linhas")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancelar importação" }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "DELETE" && c.path === "/contacts/import/7")).toBe(true));
  });

  it("tells a mapping's problems like the server does", () => {
    expect(mappingProblem(["name", "ignore"])).toBe("noNumber");
    expect(mappingProblem(["name", "number", "name"])).toBe("duplicated");
    expect(mappingProblem(["extra", "number", "extra"])).toBeNull();
  });
});
