import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { definePlugin } from "../../../../core/plugin/manifest.ts";
import { defineWebPlugin } from "../../../../web/src/plugin/web-plugin.ts";
import { renderWithProviders, testUser } from "../../../../web/src/test/render.tsx";
import { stubApi } from "../../../../web/src/test/stub-api.ts";
import { replaceVariable, savedVariables } from "../flow-variables.ts";
import flowsPlugin from "../index.ts";
import { cardsOf, contentData } from "./content-model.ts";
import { NodeDialog } from "./node-dialog.tsx";
import { contentProblem, intervalProblem, mediaFileProblem } from "./node-validation.ts";

type Data = Record<string, unknown>;
let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi({
    "GET /queue": () => ({ body: [{ id: 4, name: "Suporte", color: "#f00" }] }),
    "GET /queueIntegration": () => ({ body: { queueIntegrations: [{ id: 9, name: "Typebot vendas", type: "typebot", urlN8N: "https://t" }], count: 1, hasMore: false } }),
    "GET /prompt": () => ({ body: { prompts: [{ id: 3, name: "Assistente", apiKey: "secret" }] } }),
    "POST /flowbuilder/content": () => ({ body: [{ name: "stored-1.png", url: "/public/company2/stored-1.png", originalName: "foto.png", mimetype: "image/png" }] }),
    "POST /flowbuilder/audio": () => ({ body: { name: "stored-2.mp3", url: "/public/company2/stored-2.mp3", originalName: "voz.mp3", mimetype: "audio/mpeg" } }),
  });
  vi.stubGlobal("fetch", api.fetch);
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

// A stand-in for the integrations / prompts plugins: only "is it on" matters to the dialogs.
const fakePlugin = (id: string) => defineWebPlugin({ manifest: definePlugin({ id }), translations: { pt: {}, en: {}, es: {}, tr: {} } });

function open(type: string, data: Data = {}, mode: "create" | "edit" = "create", extraPlugins: string[] = []) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<NodeDialog type={type} data={data} mode={mode} variables={["nome"]} onClose={onClose} onSave={onSave} />, {
    session: testUser({ profile: "admin" }),
    plugins: [flowsPlugin, ...extraPlugins.map(fakePlugin)],
  });
  return { onSave, onClose };
}
const click = (name: string) => fireEvent.click(screen.getByRole("button", { name }));
const fileOf = (name: string, bytes: number, type: string) => new File([new Uint8Array(bytes)], name, { type });
const pick = (label: string, file: File) => fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });

describe("node dialog rules (spec 002 §5)", () => {
  it("checks upload types and sizes", () => {
    expect(mediaFileProblem("img", { name: "a.gif", size: 10 })).toBe("imageType");
    expect(mediaFileProblem("img", { name: "a.JPG", size: 2 * 1024 * 1024 + 1 })).toBe("imageTooLarge");
    expect(mediaFileProblem("audio", { name: "a.ogg", size: 5 * 1024 * 1024 })).toBeNull();
    expect(mediaFileProblem("audio", { name: "a.wav", size: 1 })).toBe("audioType");
    expect(mediaFileProblem("video", { name: "a.mp4", size: 20 * 1024 * 1024 + 1 })).toBe("videoTooLarge");
  });

  it("bounds intervals to more than 0 and at most 120 seconds", () => {
    expect([intervalProblem(""), intervalProblem(0), intervalProblem(121), intervalProblem(120), intervalProblem("1")]).toEqual([
      "intervalRequired",
      "intervalRequired",
      "intervalMax",
      null,
      null,
    ]);
  });

  it("refuses a content block with an empty media card", () => {
    const card = (type: "message" | "img", value: string) => ({ key: type, type, value, original: "", record: true });
    expect(contentProblem([card("message", "oi"), card("img", "")])).toBe("emptyCards");
    expect(contentProblem([card("message", " ")])).toBe("messageEmpty");
    expect(contentProblem([card("message", "oi"), card("img", "x.png")])).toBeNull();
  });

  it("numbers content elements per type and keeps them in seq order", () => {
    const data = {
      seq: ["interval1", "message1"],
      elements: [
        { number: "message1", type: "message", value: "oi" },
        { number: "interval1", type: "interval", value: "5" },
      ],
    };
    const cards = cardsOf(data);
    expect(cards.map((c) => c.type)).toEqual(["interval", "message"]);
    expect(contentData([...cards, { ...cards[1]!, value: "tchau" }])).toEqual({
      seq: ["interval1", "message1", "message2"],
      elements: [
        { number: "interval1", type: "interval", value: "5" },
        { number: "message1", type: "message", value: "oi" },
        { number: "message2", type: "message", value: "tchau" },
      ],
    });
  });

  it("keeps the variable list as §4.2 says: the old answer key out, the new one in", () => {
    replaceVariable(undefined, "nome");
    replaceVariable(undefined, "cidade");
    expect(replaceVariable("nome", "primeiroNome")).toEqual(["cidade", "primeiroNome"]);
    expect(savedVariables()).toEqual(["cidade", "primeiroNome"]);
  });
});

describe("node dialogs", () => {
  it("interval: the spec's messages, then the seconds", async () => {
    const { onSave } = open("interval", { label: "", sec: "" });
    expect(screen.getByText("Adicionar Intervalo")).toBeTruthy();
    click("Adicionar");
    expect(await screen.findByText("Adicione o valor de intervalo")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Intervalo (segundos)"), { target: { value: "121" } });
    click("Adicionar");
    expect(await screen.findByText("Máximo de tempo atingido 120 segundos")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Intervalo (segundos)"), { target: { value: "30" } });
    click("Adicionar");
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ sec: 30 }));
  });

  it("content: empty cards refused, an oversize image refused on pick, files uploaded on save", async () => {
    const { onSave } = open("singleBlock", { seq: [], elements: [] });
    click("Texto");
    click("Adicionar");
    expect(await screen.findByText("Campos de mensagem vazio!")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Texto"), { target: { value: "Olá {{nome}}" } });
    click("Imagem");
    click("Adicionar");
    expect(await screen.findByText("Delete os cards vazios(Imagem, Audio e Video)")).toBeTruthy();
    pick("Selecione uma imagem (png, jpg, jpeg)", fileOf("grande.png", 2 * 1024 * 1024 + 1, "image/png"));
    expect(await screen.findByText("Arquivo é muito grande! 2MB máximo")).toBeTruthy();
    pick("Selecione uma imagem (png, jpg, jpeg)", fileOf("foto.png", 100, "image/png"));
    // Once picked, the upload button gives way to the file's name.
    expect(await screen.findByText("foto.png")).toBeTruthy();
    expect(screen.queryByLabelText("Selecione uma imagem (png, jpg, jpeg)")).toBeNull();
    click("Adicionar");
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    const upload = api.calls.find((c) => c.path === "/flowbuilder/content")?.body as FormData;
    expect(upload.getAll("medias")).toHaveLength(1);
    expect(onSave.mock.calls[0]![0]).toEqual({
      seq: ["message1", "img1"],
      elements: [
        { number: "message1", type: "message", value: "Olá {{nome}}" },
        { number: "img1", type: "img", value: "stored-1.png", original: "foto.png" },
      ],
    });
  });

  it("content in edit mode: the stored cards and 'Salvar'", async () => {
    const { onSave } = open("singleBlock", { seq: ["audio1"], elements: [{ number: "audio1", type: "audio", value: "v.mp3", original: "voz.mp3", record: false }] }, "edit");
    expect(screen.getByText("Editar Conteúdo")).toBeTruthy();
    expect(screen.getByText("voz.mp3")).toBeTruthy();
    expect((screen.getByLabelText("Enviar como áudio gravado na hora") as HTMLInputElement).checked).toBe(false);
    click("Salvar");
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(api.calls.some((c) => c.path === "/flowbuilder/content")).toBe(false);
    expect(onSave.mock.calls[0]![0]).toMatchObject({ elements: [{ number: "audio1", type: "audio", value: "v.mp3", record: false }] });
  });

  it("audio: ogg or mp3 only, recorded live by default, uploaded to /flowbuilder/audio", async () => {
    const { onSave } = open("audio", { url: "", record: true });
    pick("Selecione um áudio (ogg ou mp3)", fileOf("voz.wav", 10, "audio/wav"));
    expect(await screen.findByText("Formato inválido! Use ogg ou mp3")).toBeTruthy();
    click("Adicionar");
    expect(await screen.findByText("Delete os cards vazios(Imagem, Audio e Video)")).toBeTruthy();
    pick("Selecione um áudio (ogg ou mp3)", fileOf("voz.mp3", 10, "audio/mpeg"));
    expect((screen.getByLabelText("Enviar como áudio gravado na hora") as HTMLInputElement).checked).toBe(true);
    click("Adicionar");
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ url: "stored-2.mp3", record: true }));
  });

  it("ticket: a queue from GET /queue is required ('Adicione uma fila')", async () => {
    const { onSave } = open("ticket", {});
    click("Adicionar");
    expect(await screen.findByText("Adicione uma fila")).toBeTruthy();
    await screen.findByRole("option", { name: "Suporte" });
    fireEvent.change(screen.getByLabelText("Fila"), { target: { value: "4" } });
    click("Adicionar");
    expect(onSave).toHaveBeenCalledWith({ data: { id: 4, name: "Suporte" } });
  });

  it("question: message and answerKey required; a key with spaces refused", async () => {
    const { onSave } = open("question", { typebotIntegration: { message: "", answerKey: "" } });
    fireEvent.change(screen.getByLabelText("Pergunta"), { target: { value: "Seu nome?" } });
    click("Adicionar");
    expect(await screen.findByText("Informe o nome da variável")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Variável da resposta"), { target: { value: "meu nome" } });
    click("Adicionar");
    expect(await screen.findByText("Use apenas letras, números, _ . - (sem espaços)")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Variável da resposta"), { target: { value: "nome" } });
    click("Adicionar");
    expect(onSave).toHaveBeenCalledWith({ typebotIntegration: { message: "Seu nome?", answerKey: "nome" } });
  });

  it("typebot: without the integrations plugin, nothing to pick and no save", async () => {
    open("typebot", {});
    expect(await screen.findByText(/O módulo de integrações não está ativo/)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Adicionar" }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls.some((c) => c.path === "/queueIntegration")).toBe(false);
  });

  it("typebot: picks an existing integration and stores it with its id", async () => {
    const { onSave } = open("typebot", {}, "create", ["integrations"]);
    click("Adicionar");
    expect(await screen.findByText("Selecione uma integração")).toBeTruthy();
    await screen.findByRole("option", { name: "Typebot vendas (typebot)" });
    fireEvent.change(screen.getByLabelText("Integração"), { target: { value: "9" } });
    click("Adicionar");
    expect(onSave).toHaveBeenCalledWith({ typebotIntegration: { id: 9, name: "Typebot vendas", type: "typebot" } });
  });

  it("openai: picks a prompt; its secrets are not copied into the flow", async () => {
    const { onSave } = open("openai", {}, "create", ["prompts"]);
    await screen.findByRole("option", { name: "Assistente" });
    fireEvent.change(screen.getByLabelText("Prompt"), { target: { value: "3" } });
    click("Adicionar");
    expect(onSave).toHaveBeenCalledWith({ typebotIntegration: { id: 3, name: "Assistente" } });
  });

  it("condition: a variable and a value", async () => {
    const { onSave } = open("condition", { key: "", condition: "==", value: "" });
    click("Adicionar");
    expect(await screen.findByText("Informe a variável")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Variável"), { target: { value: "nome" } });
    fireEvent.change(screen.getByLabelText("Condição"), { target: { value: "contains" } });
    click("Adicionar");
    expect(await screen.findByText("Informe o valor")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Valor"), { target: { value: "ana" } });
    click("Adicionar");
    expect(onSave).toHaveBeenCalledWith({ key: "nome", condition: "contains", value: "ana" });
  });

  it("menu: options keep their numbers; an empty option is refused", async () => {
    const { onSave } = open("menu", { message: "Escolha", arrayOption: [{ number: 1, value: "Vendas" }] }, "edit");
    click("Adicionar opção");
    click("Salvar");
    expect(await screen.findByText("Preencha todas as opções do menu")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Opção 2"), { target: { value: "Suporte" } });
    click("Salvar");
    expect(onSave).toHaveBeenCalledWith({
      message: "Escolha",
      arrayOption: [
        { number: 1, value: "Vendas" },
        { number: 2, value: "Suporte" },
      ],
    });
  });
});
