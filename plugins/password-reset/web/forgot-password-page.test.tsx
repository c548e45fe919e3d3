import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { stubApi, type StubAnswer } from "../../../web/src/test/stub-api.ts";
import ForgotPasswordPage from "./forgot-password-page.tsx";
import plugin from "./index.ts";

let api: ReturnType<typeof stubApi>;
let forgetAnswer: () => StubAnswer;
let resetAnswer: () => StubAnswer;
beforeEach(() => {
  forgetAnswer = () => ({ body: { message: "ok" } });
  resetAnswer = () => ({ body: { message: "ok" } });
  api = stubApi({ "POST /forgetpassword/*": () => forgetAnswer(), "POST /resetpasswords": () => resetAnswer() });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const calls = () => api.calls.map((c) => `${c.method} ${c.path}`);

const render = () => renderWithProviders(<ForgotPasswordPage />, { session: null, route: "/forgetpsw?companyId=4", plugins: [plugin] });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole("button", { name }));

async function toStepTwo() {
  type("E-mail", "Ana@Empresa.com");
  click("Enviar código");
  await screen.findByLabelText("Código de verificação");
}

describe("password reset page: step 1", () => {
  it("asks for a valid e-mail only, then sends the code and moves to step 2", async () => {
    render();
    expect(screen.queryByLabelText("Código de verificação")).toBeNull();
    click("Enviar código");
    expect(await screen.findByText("Obrigatório")).toBeTruthy();
    type("E-mail", "ana@");
    click("Enviar código");
    expect(await screen.findByText("Email inválido")).toBeTruthy();
    expect(calls()).toHaveLength(0);

    await toStepTwo();
    expect(calls()).toEqual(["POST /forgetpassword/ana%40empresa.com"]);
    // The server answers the same for any e-mail, so the page cannot say more than this.
    expect(await screen.findByText("Se este e-mail tiver uma conta, enviamos um código para ele.")).toBeTruthy();
    expect((screen.getByLabelText("E-mail") as HTMLInputElement).value).toBe("Ana@Empresa.com");
    expect(screen.getByLabelText("Nova senha")).toBeTruthy();
    expect(screen.getByLabelText("Confirme a senha")).toBeTruthy();
  });

  it("links to signup and back to login", () => {
    render();
    expect(screen.getByRole("link", { name: "Cadastre-se" }).getAttribute("href")).toBe("/signup");
    expect(screen.getByRole("link", { name: "Voltar para o login" }).getAttribute("href")).toBe("/login");
  });
});

describe("password reset page: step 2", () => {
  it("checks the code, the password rule and the confirmation before calling", async () => {
    render();
    await toStepTwo();
    click("Redefinir senha");
    expect(await screen.findAllByText("Obrigatório")).toHaveLength(3);
    type("Código de verificação", "12a34-56");
    expect((screen.getByLabelText("Código de verificação") as HTMLInputElement).value).toBe("123456");
    type("Nova senha", "fraca");
    type("Confirme a senha", "outra");
    click("Redefinir senha");
    expect(await screen.findByText("Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.")).toBeTruthy();
    expect(screen.getByText("As senhas não correspondem")).toBeTruthy();
    expect(calls()).toHaveLength(1);
  });

  it("resets with the code and goes to /login", async () => {
    const { path } = render();
    await toStepTwo();
    type("Código de verificação", "123456");
    type("Nova senha", "NovaSenha1/?");
    type("Confirme a senha", "NovaSenha1/?");
    click("Redefinir senha");
    expect(await screen.findByText("Senha redefinida com sucesso.")).toBeTruthy();
    // The body form: the new password is not in the URL.
    expect(calls().at(-1)).toBe("POST /resetpasswords");
    expect(api.calls.at(-1)?.body).toEqual({ email: "ana@empresa.com", token: "123456", newPassword: "NovaSenha1/?" });
    await waitFor(() => expect(path()).toBe("/login"));
  });

  it("a wrong or expired code shows the error and stays", async () => {
    resetAnswer = () => ({ status: 400, body: { error: "ERR_INVALID_RESET_CODE" } });
    const { path } = render();
    await toStepTwo();
    type("Código de verificação", "000000");
    type("Nova senha", "NovaSenha1");
    type("Confirme a senha", "NovaSenha1");
    click("Redefinir senha");
    expect(await screen.findByText("Código de verificação inválido ou expirado.")).toBeTruthy();
    expect(path()).toBe("/forgetpsw?companyId=4");
  });
});
