import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { tokenStore } from "../api/api.ts";
import { AppRoutes } from "../app/app-routes.tsx";
import { renderWithProviders, testUser } from "../test/render.tsx";

/** The whole route table, so the public-route guard's redirect after sign-in is part of the test. */
function renderLogin() {
  return renderWithProviders(<AppRoutes />, { session: null, route: "/login" });
}

const fill = (email: string, password: string) => {
  fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Senha"), { target: { value: password } });
};
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Entrar" }));

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith("/auth/login")) return Response.json({ token: "new-token", user: testUser() });
    return Response.json({ error: "ERR_NOT_FOUND" }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const loginCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).endsWith("/auth/login"));

describe("login page: validation", () => {
  it("requires both fields and sends nothing", async () => {
    renderLogin();
    submit();
    expect(await screen.findAllByText("Obrigatório")).toHaveLength(2);
    expect(loginCalls()).toHaveLength(0);
  });

  it("rejects a malformed e-mail", async () => {
    renderLogin();
    fill("not-an-email", "Str0ng!Pass");
    submit();
    expect(await screen.findByText("Email inválido")).toBeTruthy();
    expect(loginCalls()).toHaveLength(0);
  });
});

describe("login page: weak password warning", () => {
  it("asks before signing in with a password scored 2 or lower, and proceeds on request", async () => {
    const { store } = renderLogin();
    fill("ana@empresa.com", "abc");
    submit();
    expect(await screen.findByText("Senha com segurança baixa")).toBeTruthy();
    expect(loginCalls()).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Entrar mesmo assim" }));
    await waitFor(() => expect(store.getState().session.status).toBe("signedIn"));
    expect(loginCalls()).toHaveLength(1);
  });

  it("cancelling the warning keeps the person on the login page", async () => {
    renderLogin();
    fill("ana@empresa.com", "abc");
    submit();
    fireEvent.click(await screen.findByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByText("Senha com segurança baixa")).toBeNull());
    expect(loginCalls()).toHaveLength(0);
  });

  it("signs in straight away with a strong password", async () => {
    const { store } = renderLogin();
    fill("ana@empresa.com", "Str0ng!Pass");
    submit();
    await waitFor(() => expect(store.getState().session.status).toBe("signedIn"));
    expect(screen.queryByText("Senha com segurança baixa")).toBeNull();
  });
});

describe("login page: signing in", () => {
  it("lowercases the e-mail, stores the token and the spec's local keys, and goes home", async () => {
    const { store, path } = renderLogin();
    fill("  Ana@Empresa.COM ", "Str0ng!Pass");
    submit();
    await waitFor(() => expect(path()).toBe("/"));
    const [, init] = loginCalls()[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ email: "ana@empresa.com", password: "Str0ng!Pass" });
    expect(init.credentials).toBe("include");
    expect(tokenStore.get()).toBe("new-token");
    expect(localStorage.getItem("companyDueDate")).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(store.getState().session.user?.email).toBe("ana@empresa.com");
    expect(await screen.findByText("Olá, Ana Souza!")).toBeTruthy();
  });

  it("shows the translated error for wrong credentials and stays signed out", async () => {
    fetchMock.mockImplementation(async () => Response.json({ error: "ERR_INVALID_CREDENTIALS" }, { status: 401 }));
    const { store } = renderLogin();
    fill("ana@empresa.com", "Str0ng!Pass");
    submit();
    expect(await screen.findByText("Erro de autenticação. Por favor, tente novamente.")).toBeTruthy();
    expect(store.getState().session.status).toBe("anonymous");
    expect(tokenStore.get()).toBeNull();
  });
});
