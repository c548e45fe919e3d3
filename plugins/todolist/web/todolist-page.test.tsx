import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import todolistPlugin from "./index.ts";
import { loadTasks, storageKey } from "./task-store.ts";
import { TodolistPage } from "./todolist-page.tsx";

const ana = testUser({ id: 7, companyId: 2 });
const bruno = testUser({ id: 8, companyId: 2, name: "Bruno" });
beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

const render = (session = ana) => renderWithProviders(<TodolistPage />, { session, plugins: [todolistPlugin], route: "/todolist" });
const add = (text: string) => {
  fireEvent.change(screen.getByLabelText("Nova tarefa"), { target: { value: text } });
  fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
};
const items = () =>
  within(screen.getByRole("list", { name: "Lista de tarefas" }))
    .getAllByRole("listitem")
    .map((li) => li.textContent?.split("Criada")[0].split("Editada")[0]);

describe("/todolist", () => {
  it("adds tasks (newest first), kept in this browser for this user only", async () => {
    const { unmount } = render();
    expect(screen.getByText("Nenhuma tarefa.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Adicionar" }) as HTMLButtonElement).disabled).toBe(true);
    add("Ligar para a Ana");
    add("Enviar proposta");
    add("   ");
    expect(items()).toEqual(["Enviar proposta", "Ligar para a Ana"]);
    expect(loadTasks(storageKey(2, 7)).map((t) => t.text)).toEqual(["Enviar proposta", "Ligar para a Ana"]);
    unmount();

    // Back on the page: still there. Another user of the same browser has their own list.
    const again = render();
    expect(items()).toEqual(["Enviar proposta", "Ligar para a Ana"]);
    again.unmount();
    render(bruno);
    expect(screen.getByText("Nenhuma tarefa.")).toBeTruthy();
  });

  it("edits a task in the input ('Salvar'), cancels an edit, and deletes", () => {
    render();
    add("Revisar contrato");
    add("Pagar boleto");
    fireEvent.click(screen.getByRole("button", { name: "Editar Revisar contrato" }));
    const input = screen.getByLabelText("Nova tarefa") as HTMLInputElement;
    expect(input.value).toBe("Revisar contrato");
    fireEvent.change(input, { target: { value: "Revisar contrato com o jurídico" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    expect(items()).toEqual(["Pagar boleto", "Revisar contrato com o jurídico"]);
    const [, edited] = loadTasks(storageKey(2, 7));
    expect(edited!.updatedAt >= edited!.createdAt).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Editar Pagar boleto" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(input.value).toBe("");
    expect(screen.getByRole("button", { name: "Adicionar" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Excluir Pagar boleto" }));
    expect(items()).toEqual(["Revisar contrato com o jurídico"]);
    expect(loadTasks(storageKey(2, 7))).toHaveLength(1);
  });

  it("unreadable storage reads as an empty list", () => {
    localStorage.setItem(storageKey(2, 7), "{not json");
    expect(loadTasks(storageKey(2, 7))).toEqual([]);
    localStorage.setItem(storageKey(2, 7), JSON.stringify([{ id: "1", text: "ok", createdAt: "a", updatedAt: "a" }, { text: 3 }]));
    expect(loadTasks(storageKey(2, 7)).map((t) => t.text)).toEqual(["ok"]);
  });
});
