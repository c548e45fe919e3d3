import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { realtimeClient } from "../../../web/src/realtime/realtime.ts";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastSuccess } from "../../../web/src/ui/toast.ts";
import { ContactsPage, searchTerm } from "./contacts-page.tsx";
import contactsPlugin from "./index.ts";
import { apiContact } from "./test-data.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const admin = testUser({ permissions: ["contacts-page:deleteContact"] });
const plain = testUser({ profile: "user", permissions: [] });
const tags = [
  { id: 1, name: "VIP", color: "#aa0000" },
  { id: 2, name: "Atacado", color: "#00aa00" },
  { id: 3, name: "Revenda", color: "#0000aa" },
  { id: 4, name: "Sul", color: "#333333" },
];

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "GET /contacts": (_b, call) => {
      const search = (new URLSearchParams(call.search).get("searchParam") ?? "").toLowerCase();
      const all = [
        apiContact(1, "Ana Lima", { tags, number: "5511987654321" }),
        apiContact(2, "Bruno Reis", { number: "5511*****4321" }),
        apiContact(3, "Carla Dias", { active: false, number: "551132654321" }),
      ];
      const contacts = all.filter((c) => c.name.toLowerCase().includes(search));
      return { body: { contacts, count: contacts.length, hasMore: false } };
    },
    "PUT /contacts/block/1": (body) => ({ body: apiContact(1, "Ana Lima", { active: (body as { active: boolean }).active }) }),
    "PUT /contacts/block/3": (body) => ({ body: apiContact(3, "Carla Dias", { active: (body as { active: boolean }).active }) }),
    "DELETE /contacts/2": () => ({ body: { message: "Contact deleted" } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const render = (session = admin) => renderWithProviders(<ContactsPage />, { session, plugins: [contactsPlugin], route: "/contacts" });

describe("contacts page", () => {
  it("lists contacts with masked numbers, and the first two tags then '+N'", async () => {
    render();
    expect(await screen.findByRole("heading", { name: "Contatos (3)" })).toBeTruthy();
    const table = screen.getByRole("table");
    expect(within(table).getByText("+55 (11) 98765-4321")).toBeTruthy();
    expect(within(table).getByText("+55 (11) *****-4321")).toBeTruthy();
    expect(within(table).getByText("+55 (11) 3265-4321")).toBeTruthy();
    const ana = within(table).getByText("Ana Lima").closest("tr")!;
    expect(within(ana).getByText("VIP")).toBeTruthy();
    expect(within(ana).getByText("Atacado")).toBeTruthy();
    expect(within(ana).queryByText("Revenda")).toBeNull();
    expect(within(ana).getByText("+2")).toBeTruthy();
  });

  it("blocks and unblocks with the spec's toasts", async () => {
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Bloquear Ana Lima" }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Contato bloqueado"));
    expect(api.calls.find((c) => c.path === "/contacts/block/1")!.body).toEqual({ active: false });
    expect(await screen.findByRole("button", { name: "Desbloquear Ana Lima" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Desbloquear Carla Dias" }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Contato desbloqueado"));
  });

  it("deletes after confirmation, only with contacts-page:deleteContact", async () => {
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Excluir Bruno Reis" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(screen.queryByText("Bruno Reis")).toBeNull());
    expect(api.calls.some((c) => c.method === "DELETE" && c.path === "/contacts/2")).toBe(true);
    expect(screen.getByRole("heading", { name: "Contatos (2)" })).toBeTruthy();
  });

  it("a plain user sees the list but no delete button", async () => {
    render(plain);
    await screen.findByText("Ana Lima");
    expect(screen.queryByRole("button", { name: /^Excluir/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Editar Ana Lima" })).toBeTruthy();
  });

  it("searches on the server 500 ms after typing, from 3 characters", async () => {
    expect(searchTerm("an")).toBe("");
    expect(searchTerm(" car ")).toBe("car");
    render();
    await screen.findByText("Carla Dias");
    vi.useFakeTimers();
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "car" } });
    await act(async () => vi.advanceTimersByTime(400));
    expect(api.calls.filter((c) => c.search.includes("searchParam=car"))).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(150));
    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByText("Ana Lima")).toBeNull());
    expect(screen.getByRole("heading", { name: "Contatos (1)" })).toBeTruthy();
  });

  it("follows company-{id}-contact events", async () => {
    render();
    await screen.findByText("Carla Dias");
    act(() => realtimeClient.deliver("company-2-contact", { action: "create", contact: apiContact(9, "Davi Novo") }));
    expect(await screen.findByRole("heading", { name: "Contatos (4)" })).toBeTruthy();
    expect(within(screen.getAllByRole("row")[1]!).getByText("Davi Novo")).toBeTruthy();
    act(() => realtimeClient.deliver("company-2-contact", { action: "update", contact: apiContact(3, "Carla Souza") }));
    expect(await screen.findByText("Carla Souza")).toBeTruthy();
    act(() => realtimeClient.deliver("company-2-contact", { action: "delete", contactId: 1 }));
    await waitFor(() => expect(screen.queryByText("Ana Lima")).toBeNull());
    expect(screen.getByRole("heading", { name: "Contatos (3)" })).toBeTruthy();
  });

  it("loads the first page again on a { action: 'reload' } event (an import changed many contacts), keeping the search", async () => {
    render();
    await screen.findByText("Carla Dias");
    fireEvent.change(screen.getByLabelText("Pesquisar..."), { target: { value: "Car" } });
    await waitFor(() => expect(screen.queryByText("Ana Lima")).toBeNull());
    const before = api.calls.filter((c) => c.path === "/contacts").length;
    act(() => realtimeClient.deliver("company-2-contact", { action: "reload" }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === "/contacts").length).toBeGreaterThan(before));
    expect(api.calls.at(-1)!.search).toContain("searchParam=Car");
    expect(await screen.findByText("Carla Dias")).toBeTruthy();
    expect((screen.getByLabelText("Pesquisar...") as HTMLInputElement).value).toBe("Car");
  });

  it("has a menu entry for every signed-in user", () => {
    expect(contactsPlugin.menu?.[0]).toMatchObject({ path: "/contacts", order: 30, access: "user" });
  });
});
