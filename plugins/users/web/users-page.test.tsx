import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { realtimeClient } from "../../../web/src/realtime/realtime.ts";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastSuccess } from "../../../web/src/ui/toast.ts";
import usersPlugin from "./index.ts";
import type { User } from "./users-api.ts";
import { UsersPage } from "./users-page.tsx";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const admin = testUser({ permissions: ["user-modal:editProfile", "user-modal:editQueues", "users-page:view"] });

function apiUser(id: number, name: string, over: Partial<User> = {}): User {
  const { queues: _q, permissions: _p, company: _c, ...rest } = testUser({ id, name, email: `${name.toLowerCase()}@empresa.com`, profile: "user", online: false });
  return { ...(rest as unknown as User), ...over };
}

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "GET /users/": (_b, call) => {
      const search = new URLSearchParams(call.search).get("searchParam") ?? "";
      const all = [apiUser(7, "Ana", { profile: "admin", online: true }), apiUser(8, "Bruno"), apiUser(9, "Carla")];
      const users = all.filter((u) => u.name.toLowerCase().includes(search.toLowerCase()));
      return { body: { users, count: users.length, hasMore: false } };
    },
    "DELETE /users/8": () => ({ body: { message: "User deleted" } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const render = (session = admin) => renderWithProviders(<UsersPage />, { session, plugins: [usersPlugin], route: "/users" });

describe("users page", () => {
  it("lists the company's users with the count in the title and their status", async () => {
    render();
    expect(await screen.findByRole("heading", { name: "Usuários (3)" })).toBeTruthy();
    const table = screen.getByRole("table");
    for (const name of ["Ana", "Bruno", "Carla"]) expect(within(table).getByText(name)).toBeTruthy();
    expect(within(table).getAllByRole("img", { name: "Online" })).toHaveLength(1);
    expect(within(table).getByText("Administrador")).toBeTruthy();
    // one cannot delete oneself
    expect((screen.getByRole("button", { name: "Excluir Ana" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("a plain user sees the no-access view and nothing is fetched", async () => {
    render(testUser({ profile: "user" }));
    expect(await screen.findByText("Sem permissão")).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("searches 500 ms after the last keystroke", async () => {
    render();
    await screen.findByText("Carla");
    vi.useFakeTimers();
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "car" } });
    await act(async () => vi.advanceTimersByTime(400));
    expect(api.calls.filter((c) => c.search.includes("searchParam=car"))).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(150));
    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByText("Bruno")).toBeNull());
    expect(api.calls.some((c) => c.search.includes("searchParam=car"))).toBe(true);
    expect(screen.getByRole("heading", { name: "Usuários (1)" })).toBeTruthy();
  });

  it("follows company-{id}-user events: create on top, update in place, delete out", async () => {
    render();
    await screen.findByText("Carla");
    act(() => realtimeClient.deliver("company-2-user", { action: "create", user: apiUser(10, "Davi") }));
    expect(await screen.findByRole("heading", { name: "Usuários (4)" })).toBeTruthy();
    expect(within(screen.getAllByRole("row")[1]!).getByText("Davi")).toBeTruthy();
    act(() => realtimeClient.deliver("company-2-user", { action: "update", user: apiUser(9, "Carla Dias", { online: true }) }));
    expect(await screen.findByText("Carla Dias")).toBeTruthy();
    expect(screen.getAllByRole("img", { name: "Online" })).toHaveLength(2);
    act(() => realtimeClient.deliver("company-2-user", { action: "delete", userId: 8 }));
    await waitFor(() => expect(screen.queryByText("Bruno")).toBeNull());
    expect(screen.getByRole("heading", { name: "Usuários (3)" })).toBeTruthy();
    // another company's events are not ours
    act(() => realtimeClient.deliver("company-3-user", { action: "create", user: apiUser(11, "Intrusa") }));
    expect(screen.queryByText("Intrusa")).toBeNull();
  });

  it("deletes after confirmation", async () => {
    render();
    await screen.findByText("Bruno");
    fireEvent.click(screen.getByRole("button", { name: "Excluir Bruno" }));
    expect(await screen.findByText("Excluir Bruno?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(screen.queryByText("Bruno")).toBeNull());
    expect(api.calls.some((c) => c.method === "DELETE" && c.path === "/users/8")).toBe(true);
    expect(toastSuccess).toHaveBeenCalledWith("Usuário excluído com sucesso!");
  });

  it("the add button opens the dialog", async () => {
    render();
    fireEvent.click(screen.getByRole("button", { name: "Adicionar usuário" }));
    expect(await screen.findByRole("tab", { name: "Geral" })).toBeTruthy();
  });
});
