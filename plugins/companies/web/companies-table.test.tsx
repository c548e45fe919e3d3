import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { CompanyWithUsage } from "./companies-api.ts";
import { CompaniesTable } from "./companies-table.tsx";
import { rowDueState } from "./due-colour.ts";
import { formatBytes } from "./format-bytes.ts";
import { renderCompanies } from "./test-render.tsx";

const TODAY = "2024-05-10";
const company = (id: number, dueDate: string | null, over: Partial<CompanyWithUsage> = {}): CompanyWithUsage => ({
  id,
  name: `Empresa ${id}`,
  email: `e${id}@x.test`,
  phone: "",
  planId: 1,
  status: true,
  dueDate,
  recurrence: "MENSAL",
  document: "",
  paymentMethod: "",
  addressStreet: "",
  addressState: "",
  addressCity: "",
  numberAttendants: 1,
  numberConections: 1,
  campaignsEnabled: false,
  lastLogin: null,
  createdAt: "2024-01-02T10:00:00.000Z",
  updatedAt: "2024-01-02T10:00:00.000Z",
  plan: { id: 1, name: "Plano 1", amount: 49.9 },
  folderSize: 0,
  numberFileFolder: 0,
  updatedAtFolder: null,
  ...over,
});

const rowOf = (name: string) => screen.getByText(name).closest("tr") as HTMLTableRowElement;

describe("due-date colours", () => {
  it("yellow for 1 to 5 days, red for today or past, none otherwise", () => {
    expect(rowDueState(company(2, "2024-05-11"), TODAY)).toBe("warning");
    expect(rowDueState(company(2, "2024-05-15"), TODAY)).toBe("warning");
    expect(rowDueState(company(2, "2024-05-16"), TODAY)).toBe("ok");
    expect(rowDueState(company(2, "2024-05-10"), TODAY)).toBe("danger");
    expect(rowDueState(company(2, "2024-04-01"), TODAY)).toBe("danger");
    expect(rowDueState(company(1, "2024-04-01"), TODAY)).toBe("ok");
  });

  it("paints the rows", () => {
    renderCompanies(
      <CompaniesTable
        today={TODAY}
        selectedId={null}
        companies={[company(1, "2999-12-31"), company(2, "2024-05-12"), company(3, "2024-05-10"), company(4, "2024-06-30")]}
        onEdit={() => {}}
        onDelete={() => {}}
        onRenew={() => {}}
      />,
    );
    expect(rowOf("Empresa 1").dataset.due).toBe("ok");
    expect(rowOf("Empresa 2").dataset.due).toBe("warning");
    expect(rowOf("Empresa 2").style.background).not.toBe("");
    expect(rowOf("Empresa 3").dataset.due).toBe("danger");
    expect(rowOf("Empresa 4").dataset.due).toBe("ok");
    expect(rowOf("Empresa 4").style.background).toBe("");
  });
});

describe("companies table", () => {
  it("shows the spec's columns: plan, value, due date with recurrence, storage", () => {
    renderCompanies(
      <CompaniesTable
        today={TODAY}
        selectedId={null}
        companies={[company(5, "2024-07-31", { recurrence: "TRIMESTRAL", folderSize: 1536, numberFileFolder: 3, lastLogin: "2024-05-09T12:30:00.000Z" })]}
        onEdit={() => {}}
        onDelete={() => {}}
        onRenew={() => {}}
      />,
    );
    const row = within(rowOf("Empresa 5"));
    expect(row.getByText("Plano 1")).toBeTruthy();
    expect(row.getByText(/49,90/)).toBeTruthy();
    expect(row.getByText("31/07/2024 (Trimestral)")).toBeTruthy();
    expect(row.getByText("1.5 KB")).toBeTruthy();
    expect(row.getByText("3")).toBeTruthy();
    expect(row.getByText("Ativo")).toBeTruthy();
  });

  it("offers Renew (with the new date) and delete, but neither for company 1", () => {
    const onRenew = vi.fn();
    renderCompanies(
      <CompaniesTable today={TODAY} selectedId={null} companies={[company(1, "2999-12-31"), company(2, "2024-01-31")]} onEdit={() => {}} onDelete={() => {}} onRenew={onRenew} />,
    );
    expect(within(rowOf("Empresa 1")).queryByText("Renovar")).toBeNull();
    expect(within(rowOf("Empresa 1")).queryByLabelText("Excluir")).toBeNull();
    const renew = within(rowOf("Empresa 2")).getByText("Renovar").closest("button") as HTMLButtonElement;
    // Overdue: one month from today.
    expect(renew.title).toBe("Renovar até 10/06/2024");
    fireEvent.click(renew);
    expect(onRenew).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  });

  it("formats folder sizes for people", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1024)).toBe("1 KB");
    expect(formatBytes(5 * 1024 * 1024 + 300 * 1024)).toBe("5.3 MB");
    expect(formatBytes(3 * 1024 ** 3)).toBe("3 GB");
  });
});

describe("companies table: the companies.rowActions zone", () => {
  it("renders other plugins' row actions with the company, never on the platform company's row", async () => {
    const { renderWithProviders } = await import("../../../web/src/test/render.tsx");
    const { defineWebPlugin } = await import("../../../web/src/plugin/web-plugin.ts");
    const onChanged = vi.fn();
    const extra = defineWebPlugin({
      manifest: { id: "row-extra" },
      zones: { "companies.rowActions": [({ company, onChanged: changed }) => <button type="button" onClick={changed}>{`extra ${company.name}`}</button>] },
      translations: { pt: {}, en: {}, es: {}, tr: {} },
    });
    renderWithProviders(
      <CompaniesTable
        today={TODAY}
        selectedId={null}
        companies={[company(1, "2999-12-31"), company(2, "2024-06-30")]}
        onEdit={() => {}}
        onDelete={() => {}}
        onRenew={() => {}}
        onChanged={onChanged}
      />,
      { plugins: [extra] },
    );
    expect(screen.queryByText("extra Empresa 1")).toBeNull();
    fireEvent.click(screen.getByText("extra Empresa 2"));
    expect(onChanged).toHaveBeenCalled();
  });
});
