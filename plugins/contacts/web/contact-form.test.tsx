import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastSuccess } from "../../../web/src/ui/toast.ts";
import { ContactDialog } from "./contact-dialog.tsx";
import { newContactForm, validateContact } from "./contact-form.ts";
import contactsPlugin from "./index.ts";
import { apiContact } from "./test-data.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

describe("validateContact (spec 000 §5)", () => {
  const form = (over: Partial<typeof newContactForm>) => ({ ...newContactForm, name: "Maria", number: "5511987654321", ...over });
  it("name: required, 2 to 50", () => {
    expect(validateContact(form({ name: " " })).name).toBe("Required");
    expect(validateContact(form({ name: "M" })).name).toBe("Too Short!");
    expect(validateContact(form({ name: "x".repeat(51) })).name).toBe("Too Long!");
    expect(validateContact(form({ name: "x".repeat(50) })).name).toBeUndefined();
  });
  it("number: required, 8 to 50", () => {
    expect(validateContact(form({ number: "" })).number).toBe("Required");
    expect(validateContact(form({ number: "1234567" })).number).toBe("Too Short!");
    expect(validateContact(form({ number: "1".repeat(51) })).number).toBe("Too Long!");
  });
  it("e-mail: optional but valid", () => {
    expect(validateContact(form({ email: "" })).email).toBeUndefined();
    expect(validateContact(form({ email: "maria@" })).email).toBe("Invalid email");
    expect(validateContact(form({ email: "maria@x.com" }))).toEqual({});
  });
});

const users = [
  { id: 7, name: "Xavier", profile: "user", online: true },
  { id: 8, name: "Yara", profile: "user", online: false },
];
let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "POST /contacts": (body) => ({ body: apiContact(50, (body as { name: string }).name) }),
    "GET /contacts/5": () => ({ body: apiContact(5, "Joana", { extraInfo: [{ id: 1, name: "CPF", value: "123" }] }) }),
    "PUT /contacts/5": (body) => ({ body: apiContact(5, (body as { name: string }).name) }),
    "GET /users/list": () => ({ body: users }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const open = (contactId: number | null, onSaved = vi.fn()) =>
  renderWithProviders(<ContactDialog isOpen contactId={contactId} onClose={vi.fn()} onSaved={onSaved} />, { plugins: [contactsPlugin] });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (text = "Adicionar") => fireEvent.click(screen.getAllByRole("button", { name: text }).at(-1)!);

describe("contact dialog", () => {
  it("shows the spec's messages and sends nothing while invalid", async () => {
    open(null);
    submit();
    expect(await screen.findAllByText("Required")).toHaveLength(2);
    type("Nome", "A");
    type("Número do WhatsApp", "123");
    type("Endereço de e-mail", "nope");
    submit();
    expect(await screen.findAllByText("Too Short!")).toHaveLength(2);
    expect(screen.getByText("Invalid email")).toBeTruthy();
    type("Nome", "x".repeat(51));
    submit();
    expect(await screen.findByText("Too Long!")).toBeTruthy();
    // Only the wallet select's user list was read: nothing was saved.
    expect(api.calls.filter((c) => c.method !== "GET")).toHaveLength(0);
  });

  it("creates a contact with its extra info and switches", async () => {
    const onSaved = vi.fn();
    open(null, onSaved);
    type("Nome", "Maria Silva");
    type("Número do WhatsApp", "5511987654321");
    type("Endereço de e-mail", "maria@x.com");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar informação" }));
    fireEvent.change(screen.getByLabelText("Nome do campo"), { target: { value: "CPF" } });
    fireEvent.change(screen.getByLabelText("Valor"), { target: { value: "123" } });
    fireEvent.click(screen.getByLabelText("Desabilitar chatbot"));
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls.find((c) => c.method === "POST")!.body).toEqual({
      name: "Maria Silva",
      number: "5511987654321",
      email: "maria@x.com",
      acceptAudioMessage: true,
      disableBot: true,
      walletUserId: null,
      extraInfo: [{ name: "CPF", value: "123" }],
    });
    expect(toastSuccess).toHaveBeenCalledWith("Contato salvo com sucesso!");
  });

  it("edits a contact: loads it, removes an extra info row, saves", async () => {
    open(5);
    expect(await screen.findByDisplayValue("Joana")).toBeTruthy();
    expect(screen.getByDisplayValue("CPF")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remover informação" }));
    type("Nome", "Joana Dias");
    submit("Salvar");
    await waitFor(() => expect(api.calls.some((c) => c.method === "PUT")).toBe(true));
    expect(api.calls.find((c) => c.method === "PUT")!.body).toMatchObject({ name: "Joana Dias", extraInfo: [] });
  });

  it("shows the server's field message (e.g. a number too short once cleaned)", async () => {
    vi.stubGlobal("fetch", stubApi({ "POST /contacts": () => ({ status: 400, body: { error: "ERR_VALIDATION", fields: { number: "Too Short!" } } }) }).fetch);
    open(null);
    type("Nome", "Maria");
    type("Número do WhatsApp", "(11) 9-9-9-9");
    submit();
    expect(await screen.findByText("Too Short!")).toBeTruthy();
  });

  it("wallet: offers the company's users, shows the saved owner, and changes or clears it", async () => {
    api = stubApi({
      "GET /contacts/5": () => ({ body: apiContact(5, "Joana", { walletUserId: 7 }) }),
      "PUT /contacts/5": (body) => ({ body: apiContact(5, "Joana", body as object) }),
      "GET /users/list": () => ({ body: users }),
    });
    vi.stubGlobal("fetch", api.fetch);
    open(5);
    const select = (await screen.findByLabelText("Carteira")) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe("7"));
    expect([...select.options].map((o) => o.text)).toEqual(["Nenhuma", "Xavier", "Yara"]);
    fireEvent.change(select, { target: { value: "8" } });
    submit("Salvar");
    await waitFor(() => expect(api.calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    expect(api.calls.find((c) => c.method === "PUT")!.body).toMatchObject({ walletUserId: 8 });
    fireEvent.change(select, { target: { value: "" } });
    submit("Salvar");
    await waitFor(() => expect(api.calls.filter((c) => c.method === "PUT")).toHaveLength(2));
    expect(api.calls.filter((c) => c.method === "PUT")[1]!.body).toMatchObject({ walletUserId: null });
  });

  it("wallet: shows the server's refusal of an owner on the select", async () => {
    vi.stubGlobal(
      "fetch",
      stubApi({
        "GET /users/list": () => ({ body: users }),
        "POST /contacts": () => ({ status: 400, body: { error: "ERR_VALIDATION", fields: { walletUserId: "Invalid user" } } }),
      }).fetch,
    );
    open(null);
    type("Nome", "Maria");
    type("Número do WhatsApp", "5511987654321");
    await waitFor(() => expect((screen.getByLabelText("Carteira") as HTMLSelectElement).options).toHaveLength(3));
    fireEvent.change(screen.getByLabelText("Carteira"), { target: { value: "7" } });
    submit();
    expect(await screen.findByText("Usuário inválido")).toBeTruthy();
  });
});
