import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import campaignsPlugin from "./index.ts";
import { SuppressionList } from "./suppression-list.tsx";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const row = (id: number, number: string, source: "reply" | "manual") => ({
  id,
  companyId: 1,
  number,
  contactId: null,
  source,
  repliedAt: null,
  createdAt: "2026-01-01T10:00:00.000Z",
  updatedAt: "2026-01-01T10:00:00.000Z",
});

let api: ReturnType<typeof stubApi>;
let rows: ReturnType<typeof row>[];
beforeEach(() => {
  rows = [row(1, "5511990000001", "reply")];
  api = stubApi({
    "GET /campaign-suppressions": () => ({ body: { records: rows, count: rows.length, hasMore: false } }),
    "POST /campaign-suppressions": (body) => {
      const added = row(2, String((body as { number: string }).number).replace(/\D/g, ""), "manual");
      rows = [added, ...rows];
      return { body: added };
    },
    "DELETE /campaign-suppressions/*": (_b, call) => {
      rows = rows.filter((r) => `/campaign-suppressions/${r.id}` !== call.path);
      return { body: { message: "Suppression removed" } };
    },
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe("opt-out list (campaign settings page)", () => {
  it("lists the suppressed numbers with their origin, adds one by hand and removes one", async () => {
    renderWithProviders(<SuppressionList />, { plugins: [campaignsPlugin] });
    expect(await screen.findByText("5511990000001")).toBeTruthy();
    expect(screen.getByText("Respondeu uma palavra de saída")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Número"), { target: { value: "+55 11 98888-7777" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("5511988887777")).toBeTruthy();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ number: "+55 11 98888-7777" });
    fireEvent.click(screen.getByRole("button", { name: "Remover 5511990000001" }));
    await waitFor(() => expect(screen.queryByText("5511990000001")).toBeNull());
    expect(api.calls.find((c) => c.method === "DELETE")?.path).toBe("/campaign-suppressions/1");
  });
});
