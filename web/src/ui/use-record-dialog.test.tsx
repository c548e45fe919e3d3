import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../api/api.ts";
import { registerTranslations } from "../i18n/i18n.ts";
import { renderWithProviders } from "../test/render.tsx";
import { stubApi } from "../test/stub-api.ts";
import { RecordDialog } from "./record-dialog.tsx";
import { toastError, toastSuccess } from "./toast.ts";
import { useRecordDialog } from "./use-record-dialog.ts";

vi.mock("./toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

interface Label {
  id: number;
  name: string;
  color: string;
}
type LabelForm = Omit<Label, "id">;

const labelsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDialogLabel: build.query<Label, number>({ query: (id) => `/dialog-labels/${id}` }),
    createDialogLabel: build.mutation<Label, LabelForm>({ query: (body) => ({ url: "/dialog-labels", method: "POST", body }) }),
    updateDialogLabel: build.mutation<Label, Label>({ query: ({ id, ...body }) => ({ url: `/dialog-labels/${id}`, method: "PUT", body }) }),
  }),
});

registerTranslations("dialog-labels", {
  pt: { dialog: { addTitle: "Nova etiqueta", editTitle: "Editar etiqueta", add: "Adicionar", save: "Salvar", cancel: "Cancelar" } },
});

function LabelDialog({ id, onClose, onSaved }: { id: number | null; onClose: () => void; onSaved: (label: Label) => void }) {
  const [create] = labelsApi.useCreateDialogLabelMutation();
  const [update] = labelsApi.useUpdateDialogLabelMutation();
  const dialog = useRecordDialog({
    isOpen: true,
    id,
    useRecord: labelsApi.useGetDialogLabelQuery,
    blank: (): LabelForm => ({ name: "", color: "#000000" }),
    toForm: ({ name, color }: Label) => ({ name, color }),
    validate: (form: LabelForm): { name?: string; color?: string } => (form.name.trim() ? {} : { name: "Obrigatório" }),
    save: (form, labelId) => (labelId === null ? create(form) : update({ id: labelId, ...form })).unwrap(),
    codeErrors: { ERR_DUPLICATED_NAME: { name: "Já existe" } },
    messages: { saved: "Etiqueta salva!", loadError: "Não foi possível carregar" },
    onClose,
    onSaved,
  });
  return (
    <RecordDialog {...dialog.frame} ns="dialog-labels" icon="tag" width={400}>
      {(["name", "color"] as const).map((key) => (
        <p key={key}>
          <input aria-label={key} value={dialog.form[key]} onChange={(e) => dialog.set(key, e.target.value)} />
          {dialog.errors[key] ? <span role="alert">{dialog.errors[key]}</span> : null}
        </p>
      ))}
    </RecordDialog>
  );
}

let stub: ReturnType<typeof stubApi>;
const refuse = (status: number, body: unknown) => () => ({ status, body });
beforeEach(() => {
  vi.clearAllMocks();
  stub = stubApi({
    "GET /dialog-labels/4": () => ({ body: { id: 4, name: "VIP", color: "#aa0000" } }),
    "POST /dialog-labels": (body) => ({ body: { id: 9, ...(body as LabelForm) } }),
    "PUT /dialog-labels/4": (body) => ({ body: { id: 4, ...(body as LabelForm) } }),
  });
  vi.stubGlobal("fetch", stub.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const open = (id: number | null) => {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderWithProviders(<LabelDialog id={id} onClose={onClose} onSaved={onSaved} />);
  return { onClose, onSaved };
};
const type = (field: string, value: string) => fireEvent.change(screen.getByLabelText(field), { target: { value } });

describe("useRecordDialog + RecordDialog: create and edit", () => {
  it("creates: blank form, 'Adicionar', success toast, onSaved with the server's record, then closes", async () => {
    const { onClose, onSaved } = open(null);
    expect(screen.getByRole("form", { name: "Nova etiqueta" })).toBeTruthy();
    type("name", "Atacado");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 9, name: "Atacado", color: "#000000" }));
    expect(toastSuccess).toHaveBeenCalledWith("Etiqueta salva!");
    expect(onClose).toHaveBeenCalled();
    expect(stub.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /dialog-labels"]);
  });

  it("edits: reads the record into the form and saves it with 'Salvar'", async () => {
    const { onSaved } = open(4);
    expect(await screen.findByDisplayValue("VIP")).toBeTruthy();
    expect(screen.getByRole("form", { name: "Editar etiqueta" })).toBeTruthy();
    type("name", "VIP Ouro");
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 4, name: "VIP Ouro", color: "#aa0000" }));
    expect(stub.calls.find((c) => c.method === "PUT")?.body).toEqual({ name: "VIP Ouro", color: "#aa0000" });
  });

  it("toasts the load error when the edited record cannot be read", async () => {
    stub = stubApi({ "GET /dialog-labels/4": refuse(404, { error: "ERR_NOT_FOUND" }) });
    vi.stubGlobal("fetch", stub.fetch);
    open(4);
    await waitFor(() => expect(toastError).toHaveBeenCalledWith("Não foi possível carregar"));
  });
});

describe("useRecordDialog: field errors", () => {
  it("shows local errors on their field, sends nothing, and a change clears them", async () => {
    open(null);
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Obrigatório");
    expect(stub.calls).toHaveLength(0);
    type("name", "a");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows ERR_VALIDATION's fields on the fields, with no toast, and keeps the dialog open", async () => {
    stub = stubApi({ "POST /dialog-labels": refuse(400, { error: "ERR_VALIDATION", fields: { color: "Invalid color", unknownField: "Required" } }) });
    vi.stubGlobal("fetch", stub.fetch);
    const { onClose, onSaved } = open(null);
    type("name", "Atacado");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid color");
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(toastError).not.toHaveBeenCalled();
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("maps a code given in codeErrors to its field", async () => {
    stub = stubApi({ "POST /dialog-labels": refuse(409, { error: "ERR_DUPLICATED_NAME" }) });
    vi.stubGlobal("fetch", stub.fetch);
    open(null);
    type("name", "VIP");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Já existe");
    expect(toastError).not.toHaveBeenCalled();
  });

  it("toasts any other refusal with the shared error text, and stays open", async () => {
    stub = stubApi({ "POST /dialog-labels": refuse(403, { error: "ERR_NO_PERMISSION" }) });
    vi.stubGlobal("fetch", stub.fetch);
    const { onClose } = open(null);
    type("name", "VIP");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(expect.objectContaining({ data: { error: "ERR_NO_PERMISSION" } })));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
