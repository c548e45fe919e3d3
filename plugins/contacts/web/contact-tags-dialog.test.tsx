import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastSuccess } from "../../../web/src/ui/toast.ts";
import { ContactTagsDialog } from "./contact-tags-dialog.tsx";
import contactsPlugin from "./index.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const vip = { id: 1, name: "VIP", color: "#aa0000" };
const atacado = { id: 2, name: "Atacado", color: "#00aa00" };

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "GET /tags/list": () => ({ body: [vip, atacado] }),
    "POST /tags/sync": (body) => ({ body: { contactId: 9, tags: (body as { tags: unknown[] }).tags.map((x, i) => ({ id: 10 + i, color: "#000000", ...(x as object) })) } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const open = (onSaved = vi.fn()) =>
  renderWithProviders(<ContactTagsDialog isOpen contact={{ id: 9, name: "Maria", tags: [vip] }} onClose={vi.fn()} onSaved={onSaved} />, { plugins: [contactsPlugin] });
const chips = () =>
  within(screen.getByRole("list", { name: "Tags do contato" }))
    .queryAllByRole("listitem")
    .map((li) => li.textContent);

describe("contact tags editor", () => {
  it("refuses a new tag shorter than 3 characters with 'Tag muito curta!'", async () => {
    open();
    fireEvent.change(screen.getByLabelText("Nova tag"), { target: { value: "ab" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Tag muito curta!")).toBeTruthy();
    expect(chips()).toEqual(["VIP"]);
  });

  it("adds typed and existing tags, removes one, and saves through /tags/sync", async () => {
    const onSaved = vi.fn();
    open(onSaved);
    await waitFor(() => expect(screen.getByLabelText("Adicionar tag existente")).toBeTruthy());
    fireEvent.change(screen.getByLabelText("Adicionar tag existente"), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText("Nova tag"), { target: { value: "Revenda" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    // typing an existing name reuses that tag instead of creating a twin
    fireEvent.change(screen.getByLabelText("Nova tag"), { target: { value: "vip" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(chips()).toEqual(["VIP", "Atacado", "Revenda"]);
    fireEvent.click(screen.getByRole("button", { name: "Remover VIP" }));
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const sync = api.calls.find((c) => c.method === "POST")!;
    expect(sync.path).toBe("/tags/sync");
    expect(sync.body).toEqual({ contactId: 9, tags: [{ id: 2, name: "Atacado", color: "#00aa00" }, { name: "Revenda" }] });
    expect(toastSuccess).toHaveBeenCalledWith("Tags salvas com sucesso!");
  });
});
