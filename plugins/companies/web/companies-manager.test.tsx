import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import { CompaniesManager } from "./companies-manager.tsx";
import { renderCompanies } from "./test-render.tsx";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const row = (id: number, name: string, dueDate = "2024-07-01") => ({
  id,
  name,
  email: `${id}@x.test`,
  phone: "",
  planId: 1,
  status: true,
  dueDate,
  recurrence: "MENSAL",
  document: "",
  paymentMethod: "",
  numberAttendants: 1,
  numberConections: 1,
  campaignsEnabled: false,
  lastLogin: null,
  createdAt: "2024-01-01T00:00:00.000Z",
  updatedAt: "2024-01-01T00:00:00.000Z",
  plan: { id: 1, name: "Plano 1", amount: 0 },
  folderSize: 0,
  numberFileFolder: 0,
  updatedAtFolder: null,
});

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "GET /companiesPlan/": () => ({ body: { companies: [row(1, "Empresa 1", "2999-12-31"), row(2, "Padaria")], count: 2, hasMore: false } }),
    "GET /plans/all": () => ({ body: [{ id: 1, name: "Plano 1", amount: 0 }] }),
    "POST /companies": (body) =>
      (body as { name: string }).name === "Padaria" ? { status: 409, body: { error: "ERR_DUPLICATED_NAME" } } : { body: { ...row(3, "Nova"), ...(body as object) } },
    "DELETE /companies/2": () => ({ body: { message: "Company deleted" } }),
    "POST /companies/2/renew": () => ({ body: row(2, "Padaria", "2024-08-01") }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillNew(name: string) {
  await screen.findByRole("option", { name: "Plano 1" });
  fill("Nome", name);
  fill("E-mail", "nova@x.test");
  fill("Senha", "segredo");
  fill("Plano", "1");
  fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
}

describe("companies manager", () => {
  it("creates a company and says 'Operação realizada com sucesso!'", async () => {
    renderCompanies(<CompaniesManager today="2024-05-10" />);
    await fillNew("Nova");
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Operação realizada com sucesso!"));
    const post = api.calls.find((c) => c.method === "POST" && c.path === "/companies")!;
    expect(post.body).toMatchObject({ name: "Nova", email: "nova@x.test", planId: 1, password: "segredo", status: false, dueDate: "2024-05-17", recurrence: "MENSAL" });
  });

  it("a duplicate name shows the failure toast with the hint and marks the field", async () => {
    renderCompanies(<CompaniesManager today="2024-05-10" />);
    await fillNew("Padaria");
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        "Não foi possível realizar a operação. Verifique se já existe uma empresa com o mesmo nome ou se os campos foram preenchidos corretamente",
      ),
    );
    expect(await screen.findByText("Já existe uma empresa com este nome")).toBeTruthy();
  });

  it("asks before deleting, then deletes", async () => {
    renderCompanies(<CompaniesManager today="2024-05-10" />);
    const tr = (await screen.findByText("Padaria")).closest("tr") as HTMLElement;
    fireEvent.click(within(tr).getByLabelText("Excluir"));
    expect(await screen.findByText("Exclusão de Registro")).toBeTruthy();
    expect(screen.getByText("Deseja realmente excluir esse registro?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "DELETE" && c.path === "/companies/2")).toBe(true));
  });

  it("renews a company", async () => {
    renderCompanies(<CompaniesManager today="2024-05-10" />);
    const tr = (await screen.findByText("Padaria")).closest("tr") as HTMLElement;
    fireEvent.click(within(tr).getByText("Renovar"));
    await waitFor(() => expect(api.calls.some((c) => c.method === "POST" && c.path === "/companies/2/renew")).toBe(true));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Vencimento renovado até 01/08/2024"));
  });

  it("editing fills the form with the row and sends a PUT without password", async () => {
    api = stubApi({
      "GET /companiesPlan/": () => ({ body: { companies: [row(2, "Padaria")], count: 1, hasMore: false } }),
      "GET /plans/all": () => ({ body: [{ id: 1, name: "Plano 1", amount: 0 }] }),
      "PUT /companies/2": (body) => ({ body: { ...row(2, "Padaria"), ...(body as object) } }),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderCompanies(<CompaniesManager today="2024-05-10" />);
    const tr = (await screen.findByText("Padaria")).closest("tr") as HTMLElement;
    fireEvent.click(within(tr).getByLabelText("Editar"));
    expect(((await screen.findByLabelText("Nome")) as HTMLInputElement).value).toBe("Padaria");
    expect(screen.queryByLabelText("Senha")).toBeNull();
    fill("Nome", "Padaria Lua");
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "PUT")).toBe(true));
    const put = api.calls.find((c) => c.method === "PUT")!;
    expect(put.body).toMatchObject({ name: "Padaria Lua", dueDate: "2024-07-01" });
    expect(put.body).not.toHaveProperty("password");
  });
});
