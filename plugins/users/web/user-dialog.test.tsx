import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import usersPlugin from "./index.ts";
import { UserDialog } from "./user-dialog.tsx";
import type { User } from "./users-api.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const RULES = ["user-modal:editProfile", "user-modal:editQueues", "users-page:view"];
const admin = testUser({ permissions: RULES });
const plain = testUser({ id: 9, profile: "user", name: "Bia Lima", email: "bia@empresa.com", permissions: [] });

function apiUser(over: Partial<User> = {}): User {
  const { queues: _q, permissions: _p, company: _c, ...rest } = plain;
  return { ...(rest as unknown as User), ...over };
}

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "POST /users": (body) => ({ body: apiUser({ id: 20, ...(body as object) }) }),
    "GET /users/9": () => ({ body: apiUser() }),
    "PUT /users/9": (body) => ({ body: apiUser(body as Partial<User>) }),
    "POST /users/20/media-upload": () => ({ body: apiUser({ id: 20, profileImage: "/public/company2/abcdefghijkl.png" }) }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const open = (session = admin, userId: number | null = null, onSaved = vi.fn()) => {
  renderWithProviders(<UserDialog isOpen userId={userId} onClose={() => {}} onSaved={onSaved} />, { session, plugins: [usersPlugin] });
  return onSaved;
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name = "Adicionar") => fireEvent.click(screen.getByRole("button", { name }));
/** What the dialog sent (reads such as GET /queue for the queue choices left out). */
const writes = () => api.calls.filter((c) => c.method !== "GET");
/** A valid new user: Carla, carla@empresa.com, segredo1. */
const fillNewUser = () => {
  type("Nome", "Carla");
  type("E-mail", "carla@empresa.com");
  type("Senha", "segredo1");
};

describe("user dialog: validation", () => {
  it("says what is missing and sends nothing", async () => {
    open();
    submit();
    expect(await screen.findAllByText("Obrigatório")).toHaveLength(3);
    expect(writes()).toHaveLength(0);
  });

  it("uses the spec's bounds for name, e-mail and password", async () => {
    open();
    type("Nome", "A");
    type("E-mail", "nao-e-email");
    type("Senha", "123");
    submit();
    expect(await screen.findAllByText("Muito curto!")).toHaveLength(2);
    expect(screen.getByText("Email inválido")).toBeTruthy();
    type("Nome", "x".repeat(51));
    submit();
    expect(await screen.findByText("Muito extenso!")).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });

  it("shows the server's field messages under the fields", async () => {
    api = stubApi({ "POST /users": () => ({ status: 400, body: { error: "ERR_VALIDATION", fields: { email: "Invalid email" } } }) });
    vi.stubGlobal("fetch", api.fetch);
    open();
    fillNewUser();
    submit();
    expect(await screen.findByText("Email inválido")).toBeTruthy();
    expect(toastError).not.toHaveBeenCalled();
  });

  it("a duplicate e-mail goes through the shared error toast", async () => {
    api = stubApi({ "POST /users": () => ({ status: 409, body: { error: "ERR_DUPLICATED_EMAIL" } }) });
    vi.stubGlobal("fetch", api.fetch);
    open();
    fillNewUser();
    submit();
    await waitFor(() => expect(toastError).toHaveBeenCalled());
    expect((vi.mocked(toastError).mock.calls[0]![0] as { data: unknown }).data).toEqual({ error: "ERR_DUPLICATED_EMAIL" });
  });
});

describe("user dialog: rules", () => {
  it("with user-modal:editProfile: profile, work hours and the Permissions tab; new-user defaults are sent", async () => {
    const onSaved = open();
    expect(screen.getByRole("tab", { name: "Permissões" })).toBeTruthy();
    expect((screen.getByLabelText("Perfil") as HTMLSelectElement).value).toBe("user");
    expect((screen.getByLabelText("Início de trabalho") as HTMLInputElement).value).toBe("00:00");
    expect((screen.getByLabelText("Fim de trabalho") as HTMLInputElement).value).toBe("23:59");
    type("Nome", "Carla Dias");
    type("E-mail", "Carla@Empresa.com");
    type("Senha", "segredo1");
    fireEvent.click(screen.getByRole("tab", { name: "Permissões" }));
    fireEvent.click(screen.getByLabelText("Permitir grupos"));
    fireEvent.click(screen.getByLabelText("Gerenciar conexões"));
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes()[0]).toMatchObject({
      method: "POST",
      path: "/users",
      body: {
        name: "Carla Dias",
        email: "carla@empresa.com",
        password: "segredo1",
        profile: "user",
        startWork: "00:00",
        endWork: "23:59",
        defaultTheme: "light",
        defaultMenu: "open",
        allTicket: "disable",
        allowGroup: true,
        allowConnections: "enabled",
        showDashboard: "disabled",
      },
    });
    expect(toastSuccess).toHaveBeenCalledWith("Usuário salvo com sucesso!");
  });

  it("without the rules (a user editing their profile): no profile, hours or Permissions, and none of them sent", async () => {
    open(plain, 9);
    expect(await screen.findByDisplayValue("Bia Lima")).toBeTruthy();
    expect(screen.queryByRole("tab", { name: "Permissões" })).toBeNull();
    expect(screen.queryByLabelText("Perfil")).toBeNull();
    expect(screen.queryByLabelText("Início de trabalho")).toBeNull();
    type("Nome", "Bia Lima Souza");
    fireEvent.change(screen.getByLabelText("Tema padrão"), { target: { value: "dark" } });
    submit("Salvar");
    await waitFor(() => expect(api.calls.some((c) => c.method === "PUT")).toBe(true));
    const put = api.calls.find((c) => c.method === "PUT")!;
    expect(put.path).toBe("/users/9");
    expect(put.body).toEqual({ name: "Bia Lima Souza", email: "bia@empresa.com", defaultTheme: "dark", defaultMenu: "open", farewellMessage: "" });
  });

  it("an empty password on edit keeps the current one", async () => {
    open(admin, 9);
    expect(await screen.findByDisplayValue("Bia Lima")).toBeTruthy();
    expect(screen.getByText("Deixe em branco para manter a senha atual")).toBeTruthy();
    submit("Salvar");
    await waitFor(() => expect(api.calls.some((c) => c.method === "PUT")).toBe(true));
    expect(api.calls.find((c) => c.method === "PUT")!.body).not.toHaveProperty("password");
  });
});

describe("user dialog: queues", () => {
  const queues = [
    { id: 1, name: "Vendas", color: "#ff0000" },
    { id: 2, name: "Suporte", color: "#0000ff" },
  ];

  it("with user-modal:editQueues: the company's queues as checkboxes, sent as queueIds", async () => {
    api = stubApi({
      "GET /queue": () => ({ body: queues }),
      "GET /users/9": () => ({ body: apiUser({ queues: [queues[0]!] }) }),
      "PUT /users/9": (body) => ({ body: apiUser(body as Partial<User>) }),
    });
    vi.stubGlobal("fetch", api.fetch);
    open(admin, 9);
    expect(await screen.findByDisplayValue("Bia Lima")).toBeTruthy();
    const sales = (await screen.findByRole("checkbox", { name: "Vendas" })) as HTMLInputElement;
    await waitFor(() => expect(sales.checked).toBe(true));
    fireEvent.click(sales);
    fireEvent.click(screen.getByRole("checkbox", { name: "Suporte" }));
    submit("Salvar");
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toMatchObject({ queueIds: [2] });
  });

  it("a queue the server refuses is named under the field", async () => {
    api = stubApi({
      "GET /queue": () => ({ body: queues }),
      "POST /users": () => ({ status: 400, body: { error: "ERR_VALIDATION", fields: { queueIds: "Invalid queue" } } }),
    });
    vi.stubGlobal("fetch", api.fetch);
    open();
    fillNewUser();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Suporte" }));
    submit();
    expect(await screen.findByText("Fila inválida")).toBeTruthy();
    expect(writes()[0]!.body).toMatchObject({ queueIds: [2] });
  });

  it("without the rule, or without the queues plugin, there is no queue field and no queueIds", async () => {
    open(plain, 9);
    expect(await screen.findByDisplayValue("Bia Lima")).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Filas" })).toBeNull();
    expect(api.calls.some((c) => c.path === "/queue")).toBe(false);
  });

  it("when GET /queue fails (queues plugin absent) the admin's form sends no queueIds", async () => {
    const onSaved = open();
    fillNewUser();
    await waitFor(() => expect(api.calls.some((c) => c.path === "/queue")).toBe(true));
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(screen.queryByRole("group", { name: "Filas" })).toBeNull();
    expect(writes()[0]!.body).not.toHaveProperty("queueIds");
  });
});

describe("user dialog: avatar", () => {
  it("refuses a file that is not an image or is over 2 MB", async () => {
    open();
    const input = screen.getByLabelText("Foto de perfil") as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] } });
    expect(await screen.findByText("Use uma imagem PNG, JPG, GIF ou WEBP.")).toBeTruthy();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText("A imagem deve ter no máximo 2 MB.")).toBeTruthy();
  });

  it("uploads the chosen image after creating the user", async () => {
    const onSaved = open();
    fillNewUser();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "me.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Foto de perfil"), { target: { files: [png] } });
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const upload = api.calls.find((c) => c.path === "/users/20/media-upload")!;
    expect((upload.body as FormData).get("typeArch")).toBe("user");
    expect(((upload.body as FormData).get("profileImage") as File).name).toBe("me.png");
    expect(onSaved.mock.calls[0]?.[0].profileImage).toBe("/public/company2/abcdefghijkl.png");
  });
});
