import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ptConnections from "../../plugins/connections/web/locales/pt.json" with { type: "json" };
import ptFiles from "../../plugins/file-lists/web/locales/pt.json" with { type: "json" };
import ptPrompts from "../../plugins/prompts/web/locales/pt.json" with { type: "json" };
import ptQueues from "../../plugins/queues/web/locales/pt.json" with { type: "json" };
import { callApi, launchBrowser, login, screenshot, settled, signIn, startServer, type LaunchedBrowser, type RunningServer } from "./support/index.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";

/**
 * AI prompts and file lists in real Chromium against the real server (issue 27): the admin
 * creates a prompt on /prompts and chooses it in the API connection's dialog, then creates a
 * file list with an uploaded file on /files and chooses it in a queue's chatbot option of type
 * "Arquivo". Each choice is read back through the API.
 */
let server: RunningServer;
let browser: LaunchedBrowser;
let page: Page;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let token = "";
let connectionId = 0;
let queueId = 0;
const CONNECTION = "Canal IA";
const QUEUE = "Suporte";
const PROMPT_TEXT = "Você é a assistente da Loja Exemplo. Responda em português, com frases curtas e gentis.";

/** The chatbot editor's ids hold dots ("chatbot-chatbots.0-name"), which a CSS #id cannot. */
const byId = (scope: Locator, id: string) => scope.locator(`[id="${id}"]`);

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startServer({ env: { JOBS_POLL_MS: "200" } });
  browser = await launchBrowser();
  page = await browser.newPage();
  ({ token } = await login(server.url));
  const queue = await callApi(server.url, "/queue", token, { method: "POST", body: { name: QUEUE, color: "#123456", greetingMessage: "" } });
  queueId = Number(queue.id);
  const connection = await callApi(server.url, "/whatsapp", token, { method: "POST", body: { name: CONNECTION, channel: "api", webhookUrl: receiver.url } });
  connectionId = Number(connection.id);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

describe("prompts and file lists, end to end", () => {
  it("creates a prompt on /prompts and chooses it in the connection dialog", async () => {
    await signIn(page, server.url);
    await page.goto(`${server.url}/prompts`);
    await page.getByRole("heading", { name: ptPrompts.title }).waitFor();
    await page.getByRole("button", { name: ptPrompts.add, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.locator("#prompt-name").fill("Assistente de vendas");
    await dialog.locator("#prompt-apiKey").fill("sk-e2e-key-abcd");
    await dialog.locator("#prompt-prompt").fill(PROMPT_TEXT);
    await dialog.locator("#prompt-queueId").selectOption({ label: QUEUE });
    await dialog.locator("#prompt-voice").selectOption("pt-BR-FranciscaNeural");
    await dialog.locator("#prompt-voiceRegion").fill("brazilsouth");
    await screenshot(page, "prompts-1-dialog");
    await dialog.getByRole("button", { name: ptPrompts.dialog.add, exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    const row = page.locator("tbody tr", { hasText: "Assistente de vendas" });
    await row.waitFor();
    await expect.poll(() => row.locator("td").nth(1).textContent()).toBe(QUEUE);
    await settled(page);
    await screenshot(page, "prompts-2-list");

    await page.goto(`${server.url}/connections`);
    const connectionRow = page.locator("tbody tr", { hasText: CONNECTION });
    await connectionRow.getByRole("button", { name: ptConnections.actions.edit.replace("{{name}}", CONNECTION) }).click();
    const connectionDialog = page.getByRole("dialog");
    await connectionDialog.getByRole("tab", { name: ptConnections.tabs.integrations }).click();
    await connectionDialog.locator("#connection-prompt").selectOption({ label: "Assistente de vendas" });
    await screenshot(page, "prompts-3-connection");
    await connectionDialog.getByRole("button", { name: ptConnections.dialog.save, exact: true }).click();
    await connectionDialog.waitFor({ state: "detached" });

    const { prompts } = (await callApi(server.url, "/prompt", token)) as { prompts: { id: number; name: string; queueId: number; voice: string; apiKey: string }[] };
    expect(prompts).toEqual([expect.objectContaining({ name: "Assistente de vendas", queueId, voice: "pt-BR-FranciscaNeural", apiKey: "********abcd" })]);
    const connection = await callApi(server.url, `/whatsapp/${connectionId}`, token);
    expect(connection.promptId).toBe(prompts[0]!.id);
  }, 120_000);

  it("creates a file list with an uploaded file on /files and chooses it in a queue's chatbot option and as the queue's own list", async () => {
    // Signed in already (the first test): the same page goes on.
    await page.goto(`${server.url}/files`);
    await page.getByRole("heading", { name: ptFiles.title }).waitFor();
    await page.getByRole("button", { name: ptFiles.add, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.locator("#file-list-name").fill("Catálogo");
    await dialog.locator("#file-list-message").fill("Segue o nosso catálogo, {{firstName}}:");
    await dialog.getByRole("button", { name: ptFiles.actions.addOption, exact: true }).click();
    await dialog.getByLabel(ptFiles.fields.optionName.replace("{{n}}", "1"), { exact: true }).fill("Tabela de preços");
    await dialog
      .getByLabel(ptFiles.fields.optionFile.replace("{{n}}", "1"), { exact: true })
      .setInputFiles({ name: "precos.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% tabela\n") });
    await dialog.getByText("precos.pdf").waitFor();
    await screenshot(page, "files-1-dialog");
    await dialog.getByRole("button", { name: ptFiles.dialog.add, exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await page.locator("tbody tr", { hasText: "Catálogo" }).waitFor();
    await settled(page);
    await screenshot(page, "files-2-list");

    const { files } = (await callApi(server.url, "/files", token)) as { files: { id: number; name: string }[] };
    const list = await callApi(server.url, `/files/${files[0]!.id}`, token);
    expect(list.options).toEqual([expect.objectContaining({ name: "Tabela de preços", originalName: "precos.pdf", url: expect.stringMatching(/^\/public\/company1\/.+\.pdf$/) })]);

    await page.goto(`${server.url}/queues`);
    const queueRow = page.locator("tbody tr", { hasText: QUEUE });
    await queueRow.getByRole("button", { name: ptQueues.actions.edit.replace("{{name}}", QUEUE) }).click();
    const queueDialog = page.getByRole("dialog");
    await queueDialog.getByRole("button", { name: ptQueues.chatbot.addOption, exact: true }).click();
    await byId(queueDialog, "chatbot-chatbots.0-name").fill("Catálogo em PDF");
    await byId(queueDialog, "chatbot-chatbots.0-type").selectOption("file");
    await byId(queueDialog, "chatbot-chatbots.0-file").selectOption({ label: "Catálogo" });
    await screenshot(page, "files-3-queue-option");
    // The queue's own file list, sent when a ticket enters it.
    await queueDialog.locator("#queue-file-list").selectOption({ label: "Catálogo" });
    await queueDialog.getByRole("button", { name: ptQueues.dialog.save, exact: true }).click();
    await queueDialog.waitFor({ state: "detached" });

    const queue = await callApi(server.url, `/queue/${queueId}`, token);
    expect(queue.chatbots).toEqual([expect.objectContaining({ name: "Catálogo em PDF", queueType: "file", optFileId: files[0]!.id })]);
    expect(queue.fileListId).toBe(files[0]!.id);
  }, 120_000);
});
