import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { ChatbotEditor } from "./chatbot-editor.tsx";
import queuesPlugin from "./index.ts";
import { validateOptions, type OptionDraft } from "./queue-form.ts";

let latest: OptionDraft[] = [];

/** The editor with its own state, showing the checks the dialog runs on save. */
function Harness() {
  const [options, setOptions] = useState<OptionDraft[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  latest = options;
  return (
    <>
      <ChatbotEditor options={options} onChange={setOptions} errors={errors} queues={[{ id: 4, name: "Suporte" }]} users={[{ id: 3, name: "Bia" }]} />
      <button type="button" onClick={() => setErrors(validateOptions(options))}>
        Validar
      </button>
    </>
  );
}

const render = (ui: React.ReactElement) => renderWithProviders(ui, { plugins: [queuesPlugin] });

const nameInputs = () => screen.getAllByLabelText("Nome da opção") as HTMLInputElement[];

describe("chatbot editor", () => {
  it("adds options and nested steps; a step needs the option's message first", () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole("button", { name: "Adicionar opção" }));
    expect(screen.getByText("Com uma única opção, ela é escolhida automaticamente.")).toBeTruthy();
    const addStep = screen.getByRole("button", { name: "Adicionar etapa em 1" }) as HTMLButtonElement;
    expect(addStep.disabled).toBe(true);
    fireEvent.change(nameInputs()[0]!, { target: { value: "Financeiro" } });
    fireEvent.change(screen.getByLabelText("Mensagem"), { target: { value: "Escolha uma opção" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar etapa em 1" }));
    expect(screen.getByLabelText("Opção 1.1")).toBeTruthy();
    fireEvent.change(nameInputs()[1]!, { target: { value: "Boletos" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar opção" }));
    expect(screen.queryByText("Com uma única opção, ela é escolhida automaticamente.")).toBeNull();
    expect(latest).toHaveLength(2);
    expect(latest[0]).toMatchObject({ name: "Financeiro", greetingMessage: "Escolha uma opção", options: [{ name: "Boletos" }] });
    fireEvent.click(screen.getByRole("button", { name: "Remover opção 1.1" }));
    expect(latest[0]!.options).toEqual([]);
  });

  it("names must have at least 4 characters and are required", () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole("button", { name: "Adicionar opção" }));
    fireEvent.click(screen.getByRole("button", { name: "Adicionar opção" }));
    fireEvent.change(nameInputs()[0]!, { target: { value: "abc" } });
    fireEvent.click(screen.getByRole("button", { name: "Validar" }));
    expect(screen.getByText("Muito curto! (mínimo 4 caracteres)")).toBeTruthy();
    expect(screen.getByText("Obrigatório")).toBeTruthy();
  });

  it("shows the target each type needs; integrations and files are not available yet", () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole("button", { name: "Adicionar opção" }));
    const typeSelect = screen.getByLabelText("Tipo");
    fireEvent.change(typeSelect, { target: { value: "queue" } });
    fireEvent.change(screen.getByLabelText("Fila"), { target: { value: "4" } });
    expect(latest[0]).toMatchObject({ queueType: "queue", optQueueId: 4 });
    fireEvent.change(typeSelect, { target: { value: "attendent" } });
    expect(screen.queryByLabelText("Fila")).toBeNull();
    fireEvent.change(screen.getByLabelText("Atendente"), { target: { value: "3" } });
    expect(latest[0]).toMatchObject({ queueType: "attendent", optUserId: 3 });
    fireEvent.change(typeSelect, { target: { value: "integration" } });
    expect((screen.getByLabelText("Integração") as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText("Ainda não há integrações disponíveis nesta instalação.")).toBeTruthy();
    fireEvent.change(typeSelect, { target: { value: "file" } });
    expect((screen.getByLabelText("Lista de arquivos") as HTMLSelectElement).disabled).toBe(true);
  });
});
