import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { realtimeClient } from "../../../web/src/realtime/realtime.ts";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastSuccess } from "../../../web/src/ui/toast.ts";
import tagsPlugin from "./index.ts";
import type { Tag } from "./tags-api.ts";
import { TagsPage } from "./tags-page.tsx";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

function apiTag(id: number, name: string, over: Partial<Tag> = {}): Tag {
  return {
    id,
    companyId: 2,
    name,
    color: "#aa0000",
    kanban: 0,
    userId: 7,
    timeLane: 0,
    nextLaneId: null,
    rollbackLaneId: null,
    greetingMessageLane: "",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...over,
  };
}

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "GET /tags": () => ({ body: { tags: [apiTag(1, "VIP", { contactsCount: 4 }), apiTag(2, "Atacado", { color: "#00aa00", contactsCount: 0 })], count: 2, hasMore: false } }),
    "GET /tags/1": () => ({ body: apiTag(1, "VIP") }),
    "PUT /tags/1": (body) => ({ body: apiTag(1, (body as { name: string }).name) }),
    "DELETE /tags/2": () => ({ body: { message: "Tag deleted" } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const render = () => renderWithProviders(<TagsPage />, { session: testUser({ profile: "user" }), plugins: [tagsPlugin], route: "/tags" });

describe("tags page", () => {
  it("lists plain tags as coloured chips with their contacts count", async () => {
    render();
    expect(await screen.findByRole("heading", { name: "Tags (2)" })).toBeTruthy();
    const vip = screen.getByText("VIP").closest("tr")!;
    expect(within(vip).getByText("4")).toBeTruthy();
    expect((screen.getByText("Atacado").closest(".bp6-tag") as HTMLElement).style.background).toMatch(/#00aa00|rgb\(0, 170, 0\)/);
    expect(api.calls[0]!.search).toContain("kanban=0");
  });

  it("edits a tag in the dialog", async () => {
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Editar VIP" }));
    const input = await screen.findByDisplayValue("VIP");
    fireEvent.change(input, { target: { value: "Cliente VIP" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Cliente VIP")).toBeTruthy();
    expect(api.calls.find((c) => c.method === "PUT")!.body).toEqual({ name: "Cliente VIP", color: "#aa0000" });
  });

  it("deletes after confirmation", async () => {
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Excluir Atacado" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(screen.queryByText("Atacado")).toBeNull());
    expect(toastSuccess).toHaveBeenCalledWith("Tag excluída com sucesso!");
  });

  it("follows company-{id}-tag events, ignoring kanban lanes", async () => {
    render();
    await screen.findByText("VIP");
    act(() => realtimeClient.deliver("company-2-tag", { action: "create", tag: apiTag(3, "Revenda") }));
    act(() => realtimeClient.deliver("company-2-tag", { action: "create", tag: apiTag(4, "Etapa 1", { kanban: 1 }) }));
    expect(await screen.findByText("Revenda")).toBeTruthy();
    expect(screen.queryByText("Etapa 1")).toBeNull();
    act(() => realtimeClient.deliver("company-2-tag", { action: "update", tag: apiTag(1, "VIP Ouro") }));
    expect(await screen.findByText("VIP Ouro")).toBeTruthy();
    // the count of contacts stays when an update event carries none
    expect(within(screen.getByText("VIP Ouro").closest("tr")!).getByText("4")).toBeTruthy();
    act(() => realtimeClient.deliver("company-2-tag", { action: "delete", tagId: 2 }));
    await waitFor(() => expect(screen.queryByText("Atacado")).toBeNull());
    expect(screen.getByRole("heading", { name: "Tags (2)" })).toBeTruthy();
  });

  it("has a menu entry for every signed-in user", () => {
    expect(tagsPlugin.menu?.[0]).toMatchObject({ path: "/tags", order: 60, access: "user" });
  });
});
