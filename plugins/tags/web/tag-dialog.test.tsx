import { fireEvent, screen, waitFor } from "@testing-library/react";
import { i18n } from "../../../web/src/i18n/i18n.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import tagsPlugin from "./index.ts";
import { TagDialog } from "./tag-dialog.tsx";
import { randomColor, validateTag } from "./tag-form.ts";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";
import tr from "./locales/tr.json";

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

/** A kanban lane as GET /tags/{id} answers it. */
const LANE = { id: 7, companyId: 2, name: "Negociação", color: "#2965cc", kanban: 1, timeLane: 0, nextLaneId: null, rollbackLaneId: null, greetingMessageLane: "" };

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi({
    "POST /tags": (body) => ({ body: { id: 5, companyId: 2, kanban: 0, timeLane: 0, ...(body as object) } }),
    "GET /tags/list": () => ({ body: [LANE] }),
    "GET /tags/7": () => ({ body: LANE }),
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

describe("tag dialog as a kanban lane (/TagsKanban)", () => {
  const title = async (name: string) => (await screen.findByRole("dialog")).querySelector(".bp6-dialog-header")?.textContent === name;

  it("is titled as a lane when adding, with the lane fields, and creates it with kanban = 1", async () => {
    const onSaved = vi.fn();
    renderWithProviders(<TagDialog kanban isOpen tagId={null} onClose={vi.fn()} onSaved={onSaved} />, { plugins: [tagsPlugin] });
    await waitFor(async () => expect(await title(pt.laneDialog.addTitle)).toBe(true));
    expect(screen.getByRole("form", { name: "Adicionar coluna" })).toBeTruthy();
    expect(screen.queryByText("Adicionar tag")).toBeNull();
    expect(screen.getByLabelText("Nome")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Nome"), { target: { value: "Proposta" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls.find((c) => c.method === "POST")?.body).toMatchObject({ name: "Proposta", kanban: 1 });
  });

  it("is titled as a lane when editing", async () => {
    renderWithProviders(<TagDialog kanban isOpen tagId={7} onClose={vi.fn()} />, { plugins: [tagsPlugin] });
    expect(await screen.findByDisplayValue("Negociação")).toBeTruthy();
    expect(screen.getByRole("form", { name: "Editar coluna" })).toBeTruthy();
    expect(screen.queryByText("Editar tag")).toBeNull();
  });

  it("a plain tag keeps the tag titles", async () => {
    renderWithProviders(<TagDialog isOpen tagId={null} onClose={vi.fn()} />, { plugins: [tagsPlugin] });
    expect(await screen.findByRole("form", { name: "Adicionar tag" })).toBeTruthy();
  });

  it("has the lane titles in English, Spanish and Turkish", async () => {
    try {
      for (const [lng, texts] of [
        ["en", en],
        ["es", es],
        ["tr", tr],
      ] as const) {
        await i18n.changeLanguage(lng);
        const add = renderWithProviders(<TagDialog kanban isOpen tagId={null} onClose={vi.fn()} />, { plugins: [tagsPlugin] });
        expect(await screen.findByRole("form", { name: texts.laneDialog.addTitle })).toBeTruthy();
        add.unmount();
        const edit = renderWithProviders(<TagDialog kanban isOpen tagId={7} onClose={vi.fn()} />, { plugins: [tagsPlugin] });
        expect(await screen.findByRole("form", { name: texts.laneDialog.editTitle })).toBeTruthy();
        expect(texts.laneDialog.addTitle).not.toBe(texts.dialog.addTitle);
        edit.unmount();
      }
    } finally {
      await i18n.changeLanguage("pt");
    }
  });
});
