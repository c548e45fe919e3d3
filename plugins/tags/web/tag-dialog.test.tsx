import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import tagsPlugin from "./index.ts";
import { TagDialog } from "./tag-dialog.tsx";
import { randomColor, validateTag } from "./tag-form.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

describe("validateTag (spec 000 §5)", () => {
  it("requires a name of at least 3 characters", () => {
    expect(validateTag({ name: " ", color: "#000000" }).name).toBe("Obrigatório");
    expect(validateTag({ name: "ab", color: "#000000" }).name).toBe("Mensagem muito curta");
    expect(validateTag({ name: "abc", color: "#000000" })).toEqual({});
  });
  it("random colours are #rrggbb", () => {
    expect(randomColor(() => 0)).toBe("#000000");
    expect(randomColor(() => 0.999999999)).toBe("#ffffff");
    expect(randomColor()).toMatch(/^#[0-9a-f]{6}$/);
  });
});

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi({
    "POST /tags": (body) => ({ body: { id: 5, companyId: 2, kanban: 0, timeLane: 0, ...(body as object) } }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe("tag dialog", () => {
  it("shows 'Obrigatório' and 'Mensagem muito curta' and sends nothing", async () => {
    renderWithProviders(<TagDialog isOpen tagId={null} onClose={vi.fn()} />, { plugins: [tagsPlugin] });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Obrigatório")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Nome"), { target: { value: "ab" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Mensagem muito curta")).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("creates a plain tag with a random colour prefilled", async () => {
    const onSaved = vi.fn();
    renderWithProviders(<TagDialog isOpen tagId={null} onClose={vi.fn()} onSaved={onSaved} />, { plugins: [tagsPlugin] });
    fireEvent.change(screen.getByLabelText("Nome"), { target: { value: "Suporte" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = api.calls[0]!.body as { name: string; color: string; kanban: number };
    expect(body).toMatchObject({ name: "Suporte", kanban: 0 });
    expect(body.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("shows a duplicated name under the field", async () => {
    api.fetch.mockImplementationOnce(async () => Response.json({ error: "ERR_DUPLICATED_NAME" }, { status: 409 }));
    renderWithProviders(<TagDialog isOpen tagId={null} onClose={vi.fn()} />, { plugins: [tagsPlugin] });
    fireEvent.change(screen.getByLabelText("Nome"), { target: { value: "VIP" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Já existe uma tag com esse nome")).toBeTruthy();
  });
});
