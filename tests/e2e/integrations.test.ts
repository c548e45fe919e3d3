import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, customerMessage, launchBrowser, screenshot, settled, signIn, startServer, until, type LaunchedBrowser, type RunningServer, login } from "./support/index.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";
import { typebotStandIn } from "../../plugins/integrations/server/testing/typebot-stand-in.ts";
import pt from "../../plugins/integrations/web/locales/pt.json" with { type: "json" };
import ptConnections from "../../plugins/connections/web/locales/pt.json" with { type: "json" };
import ptQueues from "../../plugins/queues/web/locales/pt.json" with { type: "json" };

/**
 * Queue integrations in real Chromium against the real server: an admin adds a Typebot
 * integration on /queue-integration (the dialog's type fields and its test), chooses it in the
 * API connection's Integrations tab, and the customer's first message is answered by the
 * Typebot stand-in through the connection's webhook.
 */
let server: RunningServer;
let browser: LaunchedBrowser;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let typebot: Awaited<ReturnType<typeof typebotStandIn>>;
let connectionToken = "";
let adminToken = "";
const CONNECTION = "Canal Typebot";

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  typebot = await typebotStandIn();
  server = await startServer({ env: { JOBS_POLL_MS: "200" } });
  browser = await launchBrowser();
  const { token } = await login(server.url);
  adminToken = token;
  const connection = await callApi(server.url, "/whatsapp", token, { method: "POST", body: { name: CONNECTION, channel: "api", webhookUrl: receiver.url } });
  connectionToken = String(connection.token);
  receiver.setSecret(connectionToken);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
  await typebot?.close();
});

describe("queue integrations, end to end", () => {
  it("adds a Typebot integration, chooses it on a connection, and Typebot answers the customer", async () => {
    const page = await browser.newPage();
    await signIn(page, server.url);
    await page.goto(`${server.url}/queue-integration`);
    await page.getByRole("heading", { name: pt.titleCount.replace("{{count}}", "0") }).waitFor();

    // 1. The dialog: name, type, the type's fields, a session test, save.
    await page.getByRole("button", { name: pt.add, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.locator("#qi-name").fill("Typebot atendimento");
    await dialog.locator("#qi-type").selectOption("typebot");
    await dialog.locator("#qi-urlN8N").fill(typebot.url);
    await dialog.locator("#qi-typebotSlug").fill("atendimento");
    await dialog.locator("#qi-typebotDelayMessage").fill("0");
    await dialog.getByRole("button", { name: pt.test.run, exact: true }).click();
    await dialog.getByText(pt.test.ok).waitFor();
    await screenshot(page, "integrations-1-dialog");
    await dialog.getByRole("button", { name: pt.dialog.add, exact: true }).click();
    const row = page.locator("tbody tr", { hasText: "Typebot atendimento" });
    await row.waitFor();
    await row.getByRole("img", { name: "Typebot" }).waitFor();
    await settled(page);
    await screenshot(page, "integrations-2-list");

    // 2. The connection's Integrations tab: the integration's select.
    await page.goto(`${server.url}/connections`);
    const connectionRow = page.locator("tbody tr", { hasText: CONNECTION });
    await connectionRow.getByRole("button", { name: ptConnections.actions.edit.replace("{{name}}", CONNECTION) }).click();
    const connectionDialog = page.getByRole("dialog");
    await connectionDialog.getByRole("tab", { name: ptConnections.tabs.integrations }).click();
    await connectionDialog.locator("#connection-integration").selectOption({ label: "Typebot atendimento (Typebot)" });
    await screenshot(page, "integrations-3-connection");
    await connectionDialog.getByRole("button", { name: ptConnections.dialog.save, exact: true }).click();
    await connectionDialog.waitFor({ state: "detached" });

    // 3. The customer writes: Typebot's greeting and numbered choices reach the webhook.
    await customerMessage(server.url, connectionToken, { id: "tb-1", number: "5511966665555", name: "Maria", body: "Oi" });
    const texts = () => receiver.received.filter((r) => r.event === "message.created").map((r) => (r.body.message as { body: string; fromMe: boolean }).body);
    await until(() => texts().includes("1 - Vendas\n2 - Suporte"), "Typebot's choices", texts, 30_000);
    expect(texts()).toEqual(expect.arrayContaining(["Olá *Maria*!", "_Escolha_"]));

    // 4. A queue's dialog: the integration chosen in its select is saved with the queue.
    await page.goto(`${server.url}/queues`);
    await page.getByRole("heading", { name: ptQueues.title }).waitFor();
    await page.getByRole("button", { name: ptQueues.add, exact: true }).click();
    const queueDialog = page.getByRole("dialog");
    await settled(page);
    await queueDialog.locator("#queue-name").fill("Robô de vendas");
    await queueDialog.locator("#queue-greeting").fill("Vendas, olá!");
    await queueDialog.locator("#queue-integration").selectOption({ label: "Typebot atendimento (Typebot)" });
    await screenshot(page, "integrations-4-queue");
    await queueDialog.getByRole("button", { name: ptQueues.dialog.add, exact: true }).click();
    await queueDialog.waitFor({ state: "detached" });
    await page.locator("tbody tr", { hasText: "Robô de vendas" }).waitFor();
    const { queueIntegrations } = (await callApi(server.url, "/queueIntegration/", adminToken)) as { queueIntegrations: { id: number; name: string }[] };
    const queues = (await callApi(server.url, "/queue", adminToken)) as unknown as { name: string; integrationId: number | null }[];
    expect(queues.find((q) => q.name === "Robô de vendas")?.integrationId).toBe(queueIntegrations.find((i) => i.name === "Typebot atendimento")?.id);
  });
});
