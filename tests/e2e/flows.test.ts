import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { callApi, launchBrowser, login, screenshot, settled, signIn, startServer, type LaunchedBrowser, type RunningServer } from "./support/index.ts";
import pt from "../../plugins/flows/web/locales/pt.json" with { type: "json" };

/**
 * The flow builder in real Chromium against the real server: an admin creates a flow on
 * /flowbuilders, opens the editor, adds a content node and a question with the speed-dial
 * (filling their dialogs), connects start → content → question by dragging handle to handle,
 * saves, reloads and finds the nodes and edges again; then creates a phrase campaign; then
 * tries a menu flow in the editor's test panel and keeps an unpublished draft.
 */
let server: RunningServer;
let browser: LaunchedBrowser;
let token = "";

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = (await login(server.url)).token;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const node = (page: Page, text: string): Locator => page.locator(".react-flow__node", { hasText: text });

/** Drags from `from`'s right (source) handle to `to`'s left (target) handle with the mouse. */
async function connect(page: Page, from: Locator, to: Locator) {
  const source = await from.locator(".react-flow__handle.source").first().boundingBox();
  const target = await to.locator(".react-flow__handle.target").first().boundingBox();
  if (!source || !target) throw new Error("handle not visible");
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move((source.x + target.x) / 2, (source.y + target.y) / 2, { steps: 5 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 5 });
  await page.mouse.up();
}

describe("flow builder, end to end", () => {
  it("builds a small flow with the mouse, saves it, and finds it again after a reload", async () => {
    const page = await browser.newPage();
    await signIn(page, server.url);
    await page.goto(`${server.url}/flowbuilders`);

    // 1. The list: 'Adicionar Fluxo', a name, the new row opens the editor.
    await page.getByRole("button", { name: pt.add, exact: true }).click();
    await page.getByRole("dialog").locator("#flow-name").fill("Boas-vindas");
    await page.getByRole("dialog").getByRole("button", { name: pt.dialog.add, exact: true }).click();
    await page.locator("tbody tr", { hasText: "Boas-vindas" }).click();
    await page.waitForURL(/\/flowbuilder\/\d+$/);
    const flowId = Number(page.url().split("/").pop());
    await node(page, "Inicio do fluxo").waitFor();
    await page.getByText(pt.editor.reminder).waitFor();

    // 2. A content node from the speed-dial: a Texto card; an empty image card is refused first.
    await page.getByRole("button", { name: pt.nodes.singleBlock, exact: true }).click();
    let dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: pt.cards.message, exact: true }).click();
    await dialog.getByLabel(pt.cards.message, { exact: true }).fill("Olá! Bem-vindo.");
    await dialog.getByRole("button", { name: pt.cards.img, exact: true }).click();
    await dialog.getByRole("button", { name: pt.dialog.add, exact: true }).click();
    await dialog.getByText(pt.validation.emptyCards).waitFor();
    await screenshot(page, "flows-1-content-dialog");
    await dialog.getByRole("button", { name: pt.editor.removeCard.replace("{{n}}", "2") }).click();
    await dialog.getByRole("button", { name: pt.dialog.add, exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await node(page, "Olá! Bem-vindo.").waitFor();

    // 3. A question: message and the variable it fills.
    await page.getByRole("button", { name: pt.nodes.question, exact: true }).click();
    dialog = page.getByRole("dialog");
    await dialog.locator("#node-question").fill("Qual é o seu nome?");
    await dialog.getByRole("button", { name: pt.dialog.add, exact: true }).click();
    await dialog.getByText(pt.validation.answerKeyRequired).waitFor();
    await dialog.locator("#node-key").fill("nome");
    await dialog.getByRole("button", { name: pt.dialog.add, exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    // 4. Salvar before connecting: the unreachable nodes are listed and highlighted; cancel.
    await page.getByTestId("flow-issues").waitFor();
    await expect.poll(() => page.locator(".flows-node-issue").count()).toBe(2);
    await page.getByRole("button", { name: pt.editor.save, exact: true }).click();
    const warning = page.getByRole("dialog", { name: pt.checks.title });
    await expect.poll(() => warning.locator("li", { hasText: pt.checks.unreachable }).count()).toBe(2);
    await screenshot(page, "flows-2-checks");
    await warning.getByRole("button", { name: /Cancelar/ }).click();
    await warning.waitFor({ state: "detached" });

    // 5. Everything in view, then start → content → question with the mouse.
    await page.locator(".react-flow__controls-fitview").click();
    await settled(page);
    await connect(page, node(page, "Inicio do fluxo"), node(page, "Olá! Bem-vindo."));
    await connect(page, node(page, "Olá! Bem-vindo."), node(page, "Qual é o seu nome?"));
    await expect.poll(() => page.locator(".react-flow__edge").count()).toBe(2);
    // Connected, nothing to warn about: Salvar saves at once.
    await expect.poll(() => page.locator(".flows-node-issue").count()).toBe(0);
    await screenshot(page, "flows-3-editor");

    // 6. Salvar, reload: the nodes and edges come back from the server.
    await page.getByRole("button", { name: pt.editor.save, exact: true }).click();
    await page.getByText(pt.messages.saved).first().waitFor();
    await page.reload();
    await node(page, "Qual é o seu nome?").waitFor();
    await node(page, "Olá! Bem-vindo.").waitFor();
    await expect.poll(() => page.locator(".react-flow__edge").count()).toBe(2);
    await screenshot(page, "flows-4-reloaded");

    const stored = (await callApi(server.url, `/flowbuilder/flow/${flowId}`, token)) as {
      flow: { flow: { nodes: { id: string; type: string; data: Record<string, unknown> }[]; connections: { source: string; target: string }[] } };
    };
    const graph = stored.flow.flow;
    const byType = (type: string) => graph.nodes.find((n) => n.type === type);
    expect(graph.nodes.map((n) => n.type).sort()).toEqual(["question", "singleBlock", "start"]);
    expect(byType("singleBlock")?.data).toMatchObject({ seq: ["message1"], elements: [{ number: "message1", type: "message", value: "Olá! Bem-vindo." }] });
    expect(byType("question")?.data).toMatchObject({ typebotIntegration: { message: "Qual é o seu nome?", answerKey: "nome" } });
    expect(graph.connections.map((c) => [c.source, c.target])).toEqual(
      expect.arrayContaining([
        [byType("start")?.id, byType("singleBlock")?.id],
        [byType("singleBlock")?.id, byType("question")?.id],
      ]),
    );

    // 7. Double-click opens the question in edit mode, with the stored values.
    await node(page, "Qual é o seu nome?").dblclick();
    dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.locator("#node-key").inputValue()).toBe("nome");
    await dialog.getByRole("button", { name: pt.dialog.save, exact: true }).waitFor();
    await dialog.getByRole("button", { name: pt.dialog.cancel, exact: true }).click();
    await page.close();
  });

  it("creates a phrase campaign on /phrase-lists", async () => {
    // Same browser context: still signed in from the first test.
    const page = await browser.newPage();
    await page.goto(`${server.url}/phrase-lists`);
    await page.getByRole("button", { name: pt.phrases.add, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: pt.dialog.add, exact: true }).click();
    // Name, flow and phrase are flagged when empty; nothing is sent.
    await expect.poll(() => dialog.locator(".bp6-intent-danger, .bp5-intent-danger").count()).toBeGreaterThan(0);
    await dialog.locator("#phrase-name").fill("Promoção");
    await dialog.locator("#phrase-flow").selectOption({ label: "Boas-vindas" });
    await dialog.locator("#phrase-phrase").fill("quero a promoção");
    await screenshot(page, "flows-5-phrase-dialog");
    await dialog.getByRole("button", { name: pt.dialog.add, exact: true }).click();
    await page.getByText(pt.phrases.created).first().waitFor();
    await page.locator("tbody tr", { hasText: "Promoção" }).waitFor();
    await screenshot(page, "flows-6-phrases");
    const list = (await callApi(server.url, "/flowcampaign", token)) as { flow: { name: string; phrase: string; status: boolean }[] };
    expect(list.flow).toEqual([expect.objectContaining({ name: "Promoção", phrase: "quero a promoção", status: true })]);
    await page.close();
  });

  it("'Testar' runs the canvas as a chat (a menu answer leads to its next message); 'Salvar rascunho' keeps it unpublished", async () => {
    const flow = (await callApi(server.url, "/flowbuilder", token, { method: "POST", body: { name: "Menu de teste" } })) as { id: number };
    const n = (id: string, type: string, x: number, data: Record<string, unknown>) => ({ id, type, position: { x, y: 0 }, data });
    const e = (source: string, target: string, sourceHandle = "a") => ({ id: `${source}-${target}`, source, target, sourceHandle, targetHandle: "b" });
    await callApi(server.url, "/flowbuilder/flow", token, {
      method: "POST",
      body: {
        idFlow: flow.id,
        nodes: [
          n("s", "start", 0, { label: "Inicio do fluxo" }),
          n("menu", "menu", 260, {
            message: "Como podemos ajudar?",
            arrayOption: [
              { number: 1, value: "Vendas" },
              { number: 2, value: "Suporte" },
            ],
          }),
          n("sales", "message", 560, { label: "Ótimo! Um vendedor já vem." }),
          n("wait", "interval", 820, { label: "", sec: 30 }),
          n("queue", "ticket", 1080, { data: { id: 1, name: "Vendas" } }),
        ],
        connections: [e("s", "menu"), e("menu", "sales", "a1"), e("sales", "wait"), e("wait", "queue")],
      },
    });

    const page = await browser.newPage();
    await page.goto(`${server.url}/flowbuilder/${flow.id}`);
    await node(page, "Como podemos ajudar?").waitFor();
    await page.getByRole("button", { name: pt.editor.save, exact: true }).waitFor();
    await page.getByRole("button", { name: pt.test.open, exact: true }).click();
    const panel = page.getByTestId("flow-test-panel");
    const write = async (text: string) => {
      await panel.getByLabel(pt.test.placeholder).fill(text);
      await panel.getByLabel(pt.test.placeholder).press("Enter");
    };
    await write("oi");
    await panel.getByTestId("flow-test-bot").filter({ hasText: "*1* - Vendas" }).waitFor();
    // The menu node is where the conversation stands: highlighted on the canvas.
    await expect.poll(() => node(page, "Como podemos ajudar?").locator(".flows-node-testing").count()).toBe(1);
    await write("1");
    await panel.getByText("Ótimo! Um vendedor já vem.").waitFor();
    await panel.getByText(pt.test.waiting.replace("{{seconds}}", "30")).waitFor();
    await screenshot(page, "flows-7-test-panel");
    await panel.getByRole("button", { name: pt.test.skip, exact: true }).click();
    await panel.getByText(pt.test.queue.replace("{{name}}", "Vendas")).waitFor();
    await panel.getByTestId("flow-test-end").waitFor();
    await screenshot(page, "flows-8-test-panel-end");
    await panel.getByRole("button", { name: pt.test.close, exact: true }).click();
    await panel.waitFor({ state: "detached" });

    // A draft: duplicate the message node, keep it unpublished; after a reload the editor opens it, tagged.
    await node(page, "Ótimo! Um vendedor já vem.").getByRole("button", { name: pt.editor.duplicateNode }).click();
    await expect.poll(() => node(page, "Ótimo! Um vendedor já vem.").count()).toBe(2);
    await page.getByRole("button", { name: pt.draft.save, exact: true }).click();
    await page.getByText(pt.draft.saved).first().waitFor();
    await page.reload();
    await page.getByTestId("flow-draft-tag").waitFor();
    await expect.poll(() => node(page, "Ótimo! Um vendedor já vem.").count()).toBe(2);
    await screenshot(page, "flows-9-draft");
    const published = (await callApi(server.url, `/flowbuilder/flow/${flow.id}`, token)) as { flow: { flow: { nodes: unknown[] } } };
    expect(published.flow.flow.nodes).toHaveLength(5);
    // Salvar publishes it and the tag goes.
    await page.getByRole("button", { name: pt.editor.save, exact: true }).click();
    const warning = page.getByRole("dialog", { name: pt.checks.title });
    // The duplicate is unreachable: the checks ask first.
    await warning.getByRole("button", { name: pt.checks.saveAnyway }).click();
    await page.getByText(pt.messages.saved).first().waitFor();
    await page.getByTestId("flow-draft-tag").waitFor({ state: "detached" });
    expect((await callApi(server.url, `/flowbuilder/${flow.id}/draft`, token)) as unknown).toBeNull();
    await page.close();
  });
});
