import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import quickMessagesPlugin from "./index.ts";
import { QuickMessageDialog } from "./quick-message-dialog.tsx";
import { apiQuickMessage } from "./test-data.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "POST /quick-messages": (body) => {
      const b = body as { shortcode: string };
      if (b.shortcode === "oi") return { status: 409, body: { error: "ERR_DUPLICATED_NAME", fields: { shortcode: "Shortcode already exists" } } };
      return { body: apiQuickMessage(5, b.shortcode, body as object) };
    },
    "POST /quick-messages/5/media-upload": (form) => {
      const file = (form as FormData).get("file") as File;
      return { body: apiQuickMessage(5, "boleto", { mediaName: file.name, mediaPath: "x.pdf" }) };
    },
    "GET /quick-messages/6": () => ({ body: apiQuickMessage(6, "pix", { mediaName: "chave.png", mediaPath: "k.png" }) }),
    "PUT /quick-messages/6": (body) => ({ body: apiQuickMessage(6, "pix", { ...(body as object), mediaName: "chave.png", mediaPath: "k.png" }) }),
    "DELETE /quick-messages/6/media-upload": () => ({ body: apiQuickMessage(6, "pix") }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

function open(id: number | null) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<QuickMessageDialog isOpen quickMessageId={id} onClose={onClose} onSaved={onSaved} />, {
    session: testUser({ profile: "user" }),
    plugins: [quickMessagesPlugin],
  });
  return { onSaved, onClose };
}

describe("quick message dialog", () => {
  it("requires a shortcode before calling the server", async () => {
    open(null);
    fireEvent.click(await screen.findByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Obrigatório")).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("shows a taken shortcode under the field", async () => {
    open(null);
    fireEvent.change(await screen.findByLabelText("Atalho"), { target: { value: "oi" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Já existe uma resposta rápida com esse atalho")).toBeTruthy();
  });

  it("creates with the switches and uploads the picked file with underscores for spaces", async () => {
    const { onSaved, onClose } = open(null);
    fireEvent.change(await screen.findByLabelText("Atalho"), { target: { value: "boleto" } });
    fireEvent.change(screen.getByLabelText("Resposta rápida"), { target: { value: "Segue o boleto" } });
    fireEvent.click(screen.getByLabelText("Geral (todos os usuários usam e editam)"));
    fireEvent.click(screen.getByLabelText("Visível para os outros usuários"));
    fireEvent.change(screen.getByTestId("qm-file"), { target: { files: [new File(["%PDF"], "boleto de maio.pdf", { type: "application/pdf" })] } });
    expect(await screen.findByText("boleto_de_maio.pdf")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls[0]!.body).toEqual({ shortcode: "boleto", message: "Segue o boleto", geral: true, visao: true });
    const upload = api.calls.find((c) => c.path === "/quick-messages/5/media-upload")!;
    expect((upload.body as FormData).get("typeArch")).toBe("quickMessage");
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ mediaName: "boleto_de_maio.pdf" }));
  });

  it("removes an existing attachment on save", async () => {
    const { onSaved } = open(6);
    expect(await screen.findByText("chave.png")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remover anexo" }));
    expect(screen.queryByText("chave.png")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ mediaName: null })));
    expect(api.calls.some((c) => c.method === "DELETE" && c.path === "/quick-messages/6/media-upload")).toBe(true);
  });
});
