import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../../../web/src/app/app-routes.tsx";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import type { FileList } from "./file-lists-api.ts";
import { FilesPage } from "./files-page.tsx";
import fileListsPlugin from "./index.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const list = (id: number, name: string, over: Partial<FileList> = {}): FileList => ({
  id,
  companyId: 1,
  name,
  message: "Segue",
  userId: 1,
  options: [{ id: 10 + id, fileListId: id, name: "Preços", path: "abc.pdf", mediaType: "application/pdf", originalName: "precos.pdf", url: "/public/company1/abc.pdf" }],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi({
    "GET /files": () => ({ body: { files: [list(1, "Catálogo")], count: 1, hasMore: false } }),
    "POST /files": (body) => ({
      body: list(2, (body as { name: string }).name, { options: [{ id: 30, fileListId: 2, name: "Contrato", path: null, mediaType: null, originalName: null, url: null }] }),
    }),
    "POST /files/uploadList/2": () => ({ body: list(2, "Documentos") }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe("files page", () => {
  it("lists the company's file lists with their file counts", async () => {
    renderWithProviders(<FilesPage />, { session: testUser({ profile: "admin" }), plugins: [fileListsPlugin], route: "/files" });
    expect(await screen.findByText("Catálogo")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Editar Catálogo" })).toBeTruthy();
  });

  it("checks the spec's rules locally, then creates a list and uploads the option's file", async () => {
    renderWithProviders(<FilesPage />, { session: testUser({ profile: "admin" }), plugins: [fileListsPlugin], route: "/files" });
    await screen.findByText("Catálogo");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    const name = await screen.findByLabelText("Nome");
    fireEvent.change(name, { target: { value: "ab" } });
    fireEvent.click(screen.getAllByRole("button", { name: "Adicionar" }).at(-1)!);
    expect(await screen.findByText("nome muito curto")).toBeTruthy();
    expect(screen.getByText("Obrigatório")).toBeTruthy();

    fireEvent.change(name, { target: { value: "Documentos" } });
    fireEvent.change(screen.getByLabelText("Mensagem"), { target: { value: "Seguem os documentos" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar opção" }));
    fireEvent.change(screen.getByLabelText("Nome da opção 1"), { target: { value: "Contrato" } });
    fireEvent.change(screen.getByLabelText("Arquivo da opção 1"), { target: { files: [new File(["%PDF"], "contrato.pdf", { type: "application/pdf" })] } });
    fireEvent.click(screen.getAllByRole("button", { name: "Adicionar" }).at(-1)!);
    await waitFor(() => expect(api.calls.some((c) => c.method === "POST" && c.path === "/files/uploadList/2")).toBe(true));
    const created = api.calls.find((c) => c.method === "POST" && c.path === "/files")!;
    expect(created.body).toEqual({ name: "Documentos", message: "Seguem os documentos", options: [{ name: "Contrato" }] });
  });

  it("the profile user gets the no-access view", async () => {
    renderWithProviders(<AppRoutes />, { session: testUser({ profile: "user" }), plugins: [fileListsPlugin], route: "/files" });
    expect(await screen.findByText("Sem permissão")).toBeTruthy();
    expect(api.calls.some((c) => c.path === "/files")).toBe(false);
  });
});
