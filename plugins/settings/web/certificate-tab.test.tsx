import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import CertificateTab from "./certificate-tab.tsx";
import settingsPlugin from "./index.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({ "POST /settings/cert-upload": () => ({ body: "Arquivo Anexado" }) });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const superUser = testUser({ super: true, companyId: 1, company: { id: 1 } });
const render = (session = superUser) => renderWithProviders(<CertificateTab />, { session, plugins: [settingsPlugin], route: "/settings" });
const p12 = () => new File([new Uint8Array([0x30, 0x82, 1, 2])], "cert.p12", { type: "application/x-pkcs12" });

describe("certificate tab", () => {
  it("asks for a file, then a destination, with the spec's messages", async () => {
    render();
    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    expect(toastError).toHaveBeenLastCalledWith("Escolha um arquivo!");
    fireEvent.change(screen.getByLabelText("Arquivo do certificado"), { target: { files: [p12()] } });
    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    expect(toastError).toHaveBeenLastCalledWith("Escolha um destino!");
    expect(api.calls).toHaveLength(0);
  });

  it("refuses anything but .p12", () => {
    render();
    fireEvent.change(screen.getByLabelText("Arquivo do certificado"), { target: { files: [new File(["x"], "cert.pem")] } });
    expect(toastError).toHaveBeenLastCalledWith("Use somente arquivos em formato p12!");
  });

  it("sends the file to the chosen destination and confirms", async () => {
    render();
    fireEvent.drop(screen.getByTestId("cert-dropzone"), { dataTransfer: { files: [p12()] } });
    fireEvent.change(screen.getByLabelText("Destino"), { target: { value: "efi-production" } });
    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Arquivo enviado com sucesso!"));
    expect(api.calls[0]).toMatchObject({ method: "POST", path: "/settings/cert-upload", search: "?ref=efi-production" });
    expect(((api.calls[0]!.body as FormData).get("file") as File).name).toBe("cert.p12");
  });

  it("a refused upload says the file is invalid", async () => {
    api = stubApi({ "POST /settings/cert-upload": () => ({ status: 415, body: { error: "ERR_UNSUPPORTED_MEDIA_TYPE" } }) });
    vi.stubGlobal("fetch", api.fetch);
    render();
    fireEvent.change(screen.getByLabelText("Arquivo do certificado"), { target: { files: [p12()] } });
    fireEvent.change(screen.getByLabelText("Destino"), { target: { value: "efi-homologation" } });
    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith("Arquivo inválido!"));
  });

  it("a non-super user is told and sent home after 500 ms", async () => {
    const { path } = render(testUser());
    expect(toastError).toHaveBeenCalledWith("Sem permissão para acessar!");
    expect(screen.queryByRole("button", { name: "Enviar" })).toBeNull();
    await waitFor(() => expect(path()).toBe("/"), { timeout: 1500 });
  });
});
