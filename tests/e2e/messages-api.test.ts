import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { callApi, launchBrowser, login, screenshot, settled, startServer, type LaunchedBrowser, type RunningServer, signIn as signInAs } from "./support/index.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";
import pt from "../../plugins/messages-api/web/locales/pt.json" with { type: "json" };

/**
 * The public messages API page in real Chromium against the real server: the admin opens
 * /messages-api from the menu, fills the text test form with an API connection's token,
 * sees 'Mensagem enviada com sucesso', and the integrator's webhook receives the message once.
 */
let server: RunningServer;
let browser: LaunchedBrowser;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let connectionToken = "";

const signIn = (page: Page) => signInAs(page, server.url);

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startServer({ env: { JOBS_POLL_MS: "200" } });
  browser = await launchBrowser();
  const { token } = await login(server.url);
  const connection = await callApi(server.url, "/whatsapp", token, { method: "POST", body: { name: "Canal API", channel: "api", webhookUrl: receiver.url } });
  connectionToken = String(connection.token);
  receiver.setSecret(connectionToken);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

describe("messages API page, end to end", () => {
  it("sends the text form with a connection token and shows the success toast; the webhook gets it once", async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.getByRole("link", { name: pt.menu.messagesApi }).first().click();
    await page.getByText(pt.docs.title).waitFor();
    await settled(page);
    await screenshot(page, "messages-api-1-page");

    const form = page.getByRole("form", { name: pt.forms.text.title });
    await form.getByLabel(pt.form.token).fill(connectionToken);
    await form.getByLabel(pt.form.number, { exact: true }).fill("5511955554444");
    await form.getByLabel(pt.form.body, { exact: true }).fill("Teste pela página da API");
    await form.getByRole("button", { name: pt.form.send }).click();
    await page.getByText(pt.sent).waitFor();
    await screenshot(page, "messages-api-2-sent");

    const deadline = Date.now() + 15_000;
    while (!receiver.received.some((r) => r.event === "message.created") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const sent = receiver.received.filter((r) => r.event === "message.created");
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body.message as { body: string }).body).toBe("Teste pela página da API");
    expect(sent[0]!.signed).toBe(true);
  }, 120_000);
});
