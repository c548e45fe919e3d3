import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { realtimeClient } from "../../../web/src/realtime/realtime.ts";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import type { Announcement } from "./announcements-api.ts";
import AnnouncementsPage from "./announcements-page.tsx";
import plugin from "./index.ts";
import { announcement } from "./test-fixtures.ts";

let records: Announcement[];
let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  records = [announcement({ id: 2, title: "Nova versão", priority: 2 }), announcement({ id: 1, title: "Dica da semana" })];
  api = stubApi({
    "GET /announcements/": () => ({ body: { records, count: records.length, hasMore: false } }),
    "POST /announcements": (body) => ({ body: announcement({ id: 9, ...(body as object), createdAt: "2025-03-09T10:00:00.000Z" }) }),
    "POST /announcements/9/media-upload": () => ({
      body: announcement({ id: 9, title: "Com imagem", mediaUrl: "/public/company1/x.png", mediaName: "x.png", createdAt: "2025-03-09T10:00:00.000Z" }),
    }),
    "DELETE /announcements/*": () => ({ body: { message: "ok" } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

/** Every call but the list's, with its body ("" when it has none). */
const writes = () => api.calls.filter((c) => !(c.method === "GET" && c.path === "/announcements/")).map(({ method, path, body }) => ({ method, path, body: body ?? "" }));

const superUser = testUser({ super: true, companyId: 1, company: { id: 1 } });
const rows = () => screen.queryAllByTestId("announcement-row");

describe("announcements page: access", () => {
  it("a non-super user gets the spec's message and goes to / after 1 s", async () => {
    const { path } = renderWithProviders(<AnnouncementsPage />, { route: "/announcements", plugins: [plugin] });
    expect(await screen.findByText("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.")).toBeTruthy();
    expect(path()).toBe("/announcements");
    await waitFor(() => expect(path()).toBe("/"), { timeout: 2000 });
    expect(rows()).toHaveLength(0);
  });
});

describe("announcements page: super user", () => {
  const render = () => renderWithProviders(<AnnouncementsPage />, { session: superUser, route: "/announcements", plugins: [plugin] });

  it("lists with priority labels and applies live events", async () => {
    render();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]!).getByText("Média")).toBeTruthy();
    expect(within(rows()[1]!).getByText("Baixa")).toBeTruthy();
    act(() => realtimeClient.deliver("company-announcement", { action: "update", record: announcement({ id: 1, title: "Dica", status: false }) }));
    // the super user keeps inactive rows, labelled so
    await waitFor(() => expect(within(rows()[1]!).getByText("Inativo")).toBeTruthy());
    act(() => realtimeClient.deliver("company-announcement", { action: "delete", id: 2 }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it("the add dialog requires title and text, then creates with the chosen priority", async () => {
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Adicionar" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findAllByText("Obrigatório")).toHaveLength(2);
    expect(writes()).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText("Título"), { target: { value: "Manutenção" } });
    fireEvent.change(within(dialog).getByLabelText("Texto"), { target: { value: "Sábado às 22h" } });
    const priority = within(dialog).getByLabelText("Prioridade") as HTMLSelectElement;
    expect([...priority.options].map((o) => o.textContent)).toEqual(["Alta", "Média", "Baixa"]);
    expect(priority.value).toBe("3");
    fireEvent.change(priority, { target: { value: "1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({ method: "POST", path: "/announcements", body: { title: "Manutenção", text: "Sábado às 22h", priority: 1, status: "active" } });
    expect(await screen.findByText("Informativo salvo com sucesso!")).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rows()[0]!).getByText("Manutenção")).toBeTruthy();
    expect(within(rows()[0]!).getByText("Alta")).toBeTruthy();
  });

  it("refuses an image that is not png, jpg or jpeg, and uploads one that is", async () => {
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Adicionar" }));
    const dialog = await screen.findByRole("dialog");
    const input = within(dialog).getByLabelText("Imagem") as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["x"], "anim.gif", { type: "image/gif" })] } });
    expect(await within(dialog).findByText("Use somente imagens PNG, JPG ou JPEG.")).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(["x"], "banner.png", { type: "image/png" })] } });
    fireEvent.change(within(dialog).getByLabelText("Título"), { target: { value: "Com imagem" } });
    fireEvent.change(within(dialog).getByLabelText("Texto"), { target: { value: "x" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(writes().map((w) => `${w.method} ${w.path}`)).toEqual(["POST /announcements", "POST /announcements/9/media-upload"]));
  });

  it("asks before deleting, then removes the row", async () => {
    render();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[0]!).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Exclusão de Registro")).toBeTruthy();
    expect(screen.getByText("Deseja realmente excluir esse registro?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(writes()).toEqual([{ method: "DELETE", path: "/announcements/2", body: "" }]);
    expect(await screen.findByText("Informativo excluído com sucesso!")).toBeTruthy();
  });
});
