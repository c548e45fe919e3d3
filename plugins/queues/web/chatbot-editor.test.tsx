import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { defineWebPlugin, type WebPlugin } from "../../../web/src/plugin/web-plugin.ts";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import type { ReferenceKind } from "../shared/reference-kinds.ts";
import { ChatbotEditor } from "./chatbot-editor.tsx";
import queuesPlugin from "./index.ts";
import { validateOptions, type OptionDraft } from "./queue-form.ts";
import type { OptionReferenceProps } from "./public.ts";

let latest: OptionDraft[] = [];

/** The editor with its own state, showing the checks the dialog runs on save. */
function Harness({ kinds = null }: { kinds?: ReferenceKind[] | null }) {
  const [options, setOptions] = useState<OptionDraft[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  latest = options;
  return (
    <>
      <ChatbotEditor options={options} onChange={setOptions} errors={errors} queues={[{ id: 4, name: "Suporte" }]} users={[{ id: 3, name: "Bia" }]} kinds={kinds} />
      <button type="button" onClick={() => setErrors(validateOptions(options, "chatbots", kinds))}>
        Validar
      </button>
    </>
  );
}

const render = (ui: React.ReactElement, plugins: WebPlugin[] = []) => renderWithProviders(ui, { plugins: [queuesPlugin, ...plugins] });

/** A plugin owning integrations, as it would contribute its selector to the option editor. */
function IntegrationSelect({ inputId, value, onChange }: OptionReferenceProps) {
  return (
    <select id={inputId} value={value ?? ""} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
      <option value="">-</option>
      <option value="4">Typebot de vendas</option>
    </select>
  );
}
const integrations = defineWebPlugin({
  manifest: { id: "integrations" },
  zones: { "queues.option.reference.integration": [IntegrationSelect] },
  translations: { pt: {}, en: {}, es: {}, tr: {} },
});

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

  it("shows the target each type needs", () => {
    render(<Harness kinds={[]} />);
    fireEvent.click(screen.getByRole("button", { name: "Adicionar opção" }));
    const typeSelect = screen.getByLabelText("Tipo");
    fireEvent.change(typeSelect, { target: { value: "queue" } });
    fireEvent.change(screen.getByLabelText("Fila"), { target: { value: "4" } });
    expect(latest[0]).toMatchObject({ queueType: "queue", optQueueId: 4 });
    fireEvent.change(typeSelect, { target: { value: "attendent" } });
    expect(screen.queryByLabelText("Fila")).toBeNull();
    fireEvent.change(screen.getByLabelText("Atendente"), { target: { value: "3" } });
    expect(latest[0]).toMatchObject({ queueType: "attendent", optUserId: 3 });
  });

  it("with no integration or file-list plugin installed, says so instead of a selector, and the option cannot be saved", () => {
    render(<Harness kinds={[]} />);
    fireEvent.click(screen.getByRole("button", { name: "Adicionar opção" }));
    fireEvent.change(nameInputs()[0]!, { target: { value: "Robô de vendas" } });
    const typeSelect = screen.getByLabelText("Tipo");
    fireEvent.change(typeSelect, { target: { value: "integration" } });
    expect(screen.getByText("Nenhum plugin de integrações está instalado: esta opção não pode ser salva.")).toBeTruthy();
    expect(screen.queryByLabelText("Integração")).toBeNull();
    expect(validateOptions(latest, "chatbots", [])).toEqual({ "chatbots.0.optIntegrationId": "noProvider_integration" });
    fireEvent.change(typeSelect, { target: { value: "file" } });
    expect(screen.getByText("Nenhum plugin de listas de arquivos está instalado: esta opção não pode ser salva.")).toBeTruthy();
    expect(screen.queryByLabelText("Lista de arquivos")).toBeNull();
    expect(validateOptions(latest, "chatbots", [])).toEqual({ "chatbots.0.optFileId": "noProvider_file" });
  });

  it("with a provider installed, lists its items through the plugin's selector (zone), else asks for the id", () => {
    render(<Harness kinds={["integration", "fileList"]} />, [integrations]);
    fireEvent.click(screen.getByRole("button", { name: "Adicionar opção" }));
    fireEvent.change(nameInputs()[0]!, { target: { value: "Robô de vendas" } });
    const typeSelect = screen.getByLabelText("Tipo");
    fireEvent.change(typeSelect, { target: { value: "integration" } });
    expect(validateOptions(latest, "chatbots", ["integration"])).toEqual({ "chatbots.0.optIntegrationId": "required" });
    fireEvent.change(screen.getByLabelText("Integração"), { target: { value: "4" } });
    expect(latest[0]).toMatchObject({ queueType: "integration", optIntegrationId: 4 });
    expect(screen.getByRole("option", { name: "Typebot de vendas" })).toBeTruthy();
    fireEvent.change(typeSelect, { target: { value: "file" } });
    fireEvent.change(screen.getByLabelText("Lista de arquivos"), { target: { value: "9" } });
    expect(latest[0]).toMatchObject({ queueType: "file", optFileId: 9 });
    expect(validateOptions(latest, "chatbots", ["integration", "fileList"])).toEqual({});
  });
});
