import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { CompanyForm } from "./company-form.tsx";
import { emptyCompany, validateCompany } from "./company-values.ts";
import { renderCompanies } from "./test-render.tsx";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    stubApi({
      "GET /plans/all": () => ({
        body: [
          { id: 1, name: "Plano 1", amount: 0 },
          { id: 2, name: "Ouro", amount: 99 },
        ],
      }),
    }).fetch,
  );
});
afterEach(() => vi.unstubAllGlobals());

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("company form: validation", () => {
  it("shows the spec's messages for an empty new company and does not submit", async () => {
    const onSubmit = vi.fn();
    renderCompanies(<CompanyForm editingId={null} initial={{ ...emptyCompany("2024-05-10"), numberAttendants: "x" }} onSubmit={onSubmit} onCancel={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Nome é obrigatório")).toBeTruthy();
    expect(screen.getByText("E-mail é obrigatório")).toBeTruthy();
    expect(screen.getByText("Plano é obrigatório")).toBeTruthy();
    expect(screen.getByText("Senha é obrigatória")).toBeTruthy();
    expect(screen.getByText("Deve ser um número")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says 'Email é inválido' for a malformed e-mail and 'Muito curto!' for a one-letter name", async () => {
    renderCompanies(<CompanyForm editingId={null} initial={emptyCompany("2024-05-10")} onSubmit={() => {}} onCancel={() => {}} />);
    fireEvent.change(input("Nome"), { target: { value: "A" } });
    fireEvent.change(input("E-mail"), { target: { value: "sem-arroba" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Email é inválido")).toBeTruthy();
    expect(screen.getByText("Muito curto!")).toBeTruthy();
  });

  it("submits a valid company with the plan chosen and the 7-day trial suggested", async () => {
    const onSubmit = vi.fn();
    renderCompanies(<CompanyForm editingId={null} initial={emptyCompany("2024-05-10")} onSubmit={onSubmit} onCancel={() => {}} />);
    await screen.findByRole("option", { name: "Ouro" });
    fireEvent.change(input("Nome"), { target: { value: "Padaria Sol" } });
    fireEvent.change(input("E-mail"), { target: { value: "contato@padaria.test" } });
    fireEvent.change(input("Senha"), { target: { value: "segredo" } });
    fireEvent.change(screen.getByLabelText("Plano"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ name: "Padaria Sol", planId: "2", dueDate: "2024-05-17", status: false, numberAttendants: "1", numberConections: "1" });
  });

  it("editing asks no password, and company 1's due date is locked", () => {
    renderCompanies(
      <CompanyForm
        editingId={1}
        initial={{ ...emptyCompany(), name: "Empresa 1", email: "a@a.test", planId: "1", dueDate: "2999-12-31" }}
        onSubmit={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.queryByLabelText("Senha")).toBeNull();
    expect(input("Data de vencimento").disabled).toBe(true);
  });

  it("shows the server's duplicate-name answer under the name", () => {
    renderCompanies(<CompanyForm editingId={null} initial={emptyCompany()} serverErrors={{ name: "validation.duplicateName" }} onSubmit={() => {}} onCancel={() => {}} />);
    expect(screen.getByText("Já existe uma empresa com este nome")).toBeTruthy();
  });
});

describe("company form: rules", () => {
  it("validateCompany covers lengths, numbers and dates", () => {
    const base = { ...emptyCompany("2024-05-10"), name: "Loja", email: "a@b.co", planId: "1", password: "12345" };
    expect(validateCompany(base, true)).toEqual({});
    expect(validateCompany({ ...base, name: "x".repeat(51) }, true)).toMatchObject({ name: "validation.tooLong" });
    expect(validateCompany({ ...base, password: "1234" }, true)).toMatchObject({ password: "validation.tooShort" });
    expect(validateCompany({ ...base, password: "" }, false)).toEqual({});
    expect(validateCompany({ ...base, numberConections: "1.5" }, true)).toMatchObject({ numberConections: "validation.number" });
    expect(validateCompany({ ...base, dueDate: "2023-02-30" }, true)).toMatchObject({ dueDate: "validation.date" });
  });
});
