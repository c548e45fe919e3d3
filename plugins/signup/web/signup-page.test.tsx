import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { stubApi, type StubAnswer } from "../../../web/src/test/stub-api.ts";
import plugin from "./index.ts";
import SignupPage from "./signup-page.tsx";

const plans = [
  { id: 1, name: "Básico", users: 3, connections: 1, queues: 2, amount: 49.9 },
  { id: 2, name: "Pro", users: 10, connections: 5, queues: 10, amount: 199 },
];

let posted: { url: string; body: any }[];
let signupAnswer: () => StubAnswer;
beforeEach(() => {
  posted = [];
  signupAnswer = () => ({ body: { company: { id: 5 }, user: { id: 9 } } });
  const api = stubApi({
    "GET /plans/list": () => ({ body: plans }),
    "POST /auth/signup": (body, { path }) => {
      posted.push({ url: path, body });
      return signupAnswer();
    },
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const render = (route = "/signup") => renderWithProviders(<SignupPage />, { session: null, route, plugins: [plugin] });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Cadastrar" }));

async function fillValid() {
  await screen.findByRole("option", { name: /Básico/ });
  type("Nome da empresa", "Loja da Ana");
  type("Nome", "Ana Souza");
  type("E-mail", "Ana@Example.com");
  type("Telefone", "11999998888");
  type("Senha", "segredo1");
  fireEvent.change(screen.getByLabelText("Plano"), { target: { value: "2" } });
}

describe("signup page: validation", () => {
  it("marks every required field and sends nothing", async () => {
    render();
    submit();
    expect(await screen.findAllByText("Obrigatório")).toHaveLength(5);
    expect(posted).toHaveLength(0);
  });

  it("shows the spec's messages for short, long and malformed values", async () => {
    render();
    type("Nome", "A");
    type("Nome da empresa", "x".repeat(51));
    type("E-mail", "ana@");
    type("Senha", "1234");
    submit();
    expect(await screen.findAllByText("Muito curto!")).toHaveLength(2);
    expect(screen.getByText("Muito extenso!")).toBeTruthy();
    expect(screen.getByText("Email inválido")).toBeTruthy();
    expect(posted).toHaveLength(0);
  });
});

describe("signup page: submitting", () => {
  it("lists public plans with price and limits, masks the phone and sends digits only", async () => {
    const { path } = render("/signup?companyId=3");
    await fillValid();
    expect((screen.getByLabelText("Telefone") as HTMLInputElement).value).toBe("(11) 99999-8888");
    expect(screen.getByRole("option", { name: /Pro - R\$\s?199,00/ })).toBeTruthy();
    expect(screen.getByTestId("plan-details").textContent).toContain("Usuários: 10 · Conexões: 5 · Filas: 10");
    submit();
    await waitFor(() => expect(posted).toHaveLength(1));
    // the query string's companyId is ignored, and the server decides the trial
    expect(posted[0]!.body).toEqual({
      name: "Ana Souza",
      email: "ana@example.com",
      password: "segredo1",
      companyName: "Loja da Ana",
      phone: "11999998888",
      planId: 2,
    });
    expect(await screen.findByText("Cadastro realizado com sucesso! Faça seu login.")).toBeTruthy();
    await waitFor(() => expect(path()).toBe("/login"));
  });

  it("a refused signup shows the spec's failure toast and points at the field", async () => {
    signupAnswer = () => ({ status: 409, body: { error: "ERR_DUPLICATED_EMAIL" } });
    const { path } = render();
    await fillValid();
    submit();
    expect(await screen.findByText("Erro ao criar usuário. Verifique os dados informados.")).toBeTruthy();
    expect(await screen.findByText("Já existe um cadastro com este e-mail.")).toBeTruthy();
    expect(path()).toBe("/signup");
  });

  it("a refusal that is not about a field is explained above the button", async () => {
    signupAnswer = () => ({ status: 403, body: { error: "ERR_USER_CREATION_DISABLED" } });
    render();
    await fillValid();
    submit();
    expect(await screen.findByText("A criação de usuários foi desabilitada pelo administrador.")).toBeTruthy();
  });
});
