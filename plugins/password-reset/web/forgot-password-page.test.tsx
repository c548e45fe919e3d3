import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import ForgotPasswordPage from "./forgot-password-page.tsx";
import plugin from "./index.ts";

let calls: string[];
let forgetAnswer: () => Response;
let resetAnswer: () => Response;
beforeEach(() => {
  calls = [];
  forgetAnswer = () => Response.json({ message: "ok" });
  resetAnswer = () => Response.json({ message: "ok" });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      const path = new URL(input.url, "http://localhost").pathname;
      calls.push(`${input.method} ${path}`);
      if (path.startsWith("/forgetpassword/")) return forgetAnswer();
      if (path.startsWith("/resetpasswords/")) return resetAnswer();
      return Response.json({ error: "ERR_NOT_FOUND" }, { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

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
    expect(calls).toHaveLength(0);

    await toStepTwo();
    expect(calls).toEqual(["POST /forgetpassword/ana%40empresa.com"]);
    expect(await screen.findByText("Email enviado com sucesso!")).toBeTruthy();
    expect((screen.getByLabelText("E-mail") as HTMLInputElement).value).toBe("Ana@Empresa.com");
    expect(screen.getByLabelText("Nova senha")).toBeTruthy();
    expect(screen.getByLabelText("Confirme a senha")).toBeTruthy();
  });

  it("an unknown e-mail (404) says 'Email não encontrado' and stays on step 1", async () => {
    forgetAnswer = () => Response.json({ error: "ERR_EMAIL_NOT_FOUND" }, { status: 404 });
    render();
    type("E-mail", "ghost@empresa.com");
    click("Enviar código");
    expect(await screen.findByText("Email não encontrado")).toBeTruthy();
    expect(screen.queryByLabelText("Código de verificação")).toBeNull();
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
    expect(
      await screen.findByText("Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número."),
    ).toBeTruthy();
    expect(screen.getByText("As senhas não correspondem")).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it("resets with the code and goes to /login", async () => {
    const { path } = render();
    await toStepTwo();
    type("Código de verificação", "123456");
    type("Nova senha", "NovaSenha1/?");
    type("Confirme a senha", "NovaSenha1/?");
    click("Redefinir senha");
    expect(await screen.findByText("Senha redefinida com sucesso.")).toBeTruthy();
    expect(calls.at(-1)).toBe(`POST /resetpasswords/ana%40empresa.com/123456/${encodeURIComponent("NovaSenha1/?")}`);
    await waitFor(() => expect(path()).toBe("/login"));
  });

  it("a wrong or expired code shows the error and stays", async () => {
    resetAnswer = () => Response.json({ error: "ERR_INVALID_RESET_CODE" }, { status: 400 });
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
