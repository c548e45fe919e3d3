import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { callApi, launchBrowser, login, screenshot, startServer, type LaunchedBrowser, type RunningServer, signIn as signInAs, customerMessage, until } from "./support/index.ts";
import { gradientPng } from "./support/png.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";
import actionsPt from "../../plugins/tickets/web/locales/actions/pt.json" with { type: "json" };
import conversationPt from "../../plugins/tickets/web/locales/conversation/pt.json" with { type: "json" };
import listPt from "../../plugins/tickets/web/locales/list/pt.json" with { type: "json" };
import pagePt from "../../plugins/tickets/web/locales/page/pt.json" with { type: "json" };

/**
 * The conversations issue's "done" story in real Chromium against the real server: a
 * customer message arrives through the API channel and shows up live in the pending tab;
 * the attendant accepts it and answers with text and an image; the integrator's webhook
 * receives both, signed; the customer's reply appears live; the attendant resolves it.
 */
let server: RunningServer;
let browser: LaunchedBrowser;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let connectionToken = "";

const A = actionsPt.actions;
const C = conversationPt.conversation;
const L = listPt.list;
const P = pagePt;
/** A visible picture for the image path through upload, storage, the webhook and the screenshot. */
const PNG = gradientPng(240, 150, [41, 101, 204], [120, 200, 160]);

const api = (path: string, token: string, init: { method?: string; body?: unknown } = {}) => callApi(server.url, path, token, init);

/** The customer writes, through the API channel's inbound endpoint. */
const customerSays = (id: string, body: string) => customerMessage(server.url, connectionToken, { id, number: "5511988887777", name: "Cliente Teste", body });

const signIn = (page: Page) => signInAs(page, server.url);

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startServer({ env: { JOBS_POLL_MS: "200" } });
  browser = await launchBrowser();
  const { token } = await login(server.url);
  await api("/queue", token, { method: "POST", body: { name: "Suporte", color: "#2965CC", greetingMessage: "" } });
  const connection = await api("/whatsapp", token, { method: "POST", body: { name: "Canal API", channel: "api", webhookUrl: receiver.url, isDefault: true } });
  connectionToken = String(connection.token);
  receiver.setSecret(connectionToken);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

describe("conversations, end to end", () => {
  it("a customer message arrives live, the attendant answers with text and an image, the webhook gets both, the reply arrives live, the ticket is resolved", async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.goto(`${server.url}/tickets`);
    await page.getByRole("tab", { name: new RegExp(L.tabs.pending) }).click();

    // 1. The customer writes; the ticket appears live in the pending tab.
    await customerSays("cust-1", "Olá, preciso de ajuda com meu pedido");
    const item = page.locator(".tickets-item-button", { hasText: "Cliente Teste" });
    await item.waitFor({ timeout: 15_000 });
    await screenshot(page, "conversation-1-pending");

    // 2. The attendant opens and accepts it (choosing the queue when asked).
    await item.click();
    await page.getByText("Olá, preciso de ajuda com meu pedido").first().waitFor();
    await page.getByRole("button", { name: A.header.accept, exact: true }).click();
    const acceptDialog = page.getByRole("dialog", { name: A.accept.title });
    if (await acceptDialog.isVisible({ timeout: 1500 }).catch(() => false)) {
      await acceptDialog.locator("select").selectOption({ label: "Suporte" });
      await acceptDialog.getByRole("button", { name: A.accept.confirm }).click();
    }
    await page.getByRole("button", { name: A.header.resolve, exact: true }).waitFor();

    // 3. Text, then an image.
    const composer = page.getByRole("textbox", { name: C.composer.placeholder });
    await composer.fill("Claro! Qual é o número do pedido?");
    await composer.press("Enter");
    await page.getByText("Claro! Qual é o número do pedido?").first().waitFor();
    await page.getByTestId("media-input").setInputFiles({ name: "comprovante.png", mimeType: "image/png", buffer: PNG });
    const preview = page.getByRole("dialog");
    await preview.getByRole("button", { name: C.composer.send, exact: true }).click();
    await page.locator("img.msg-image").first().waitFor({ timeout: 15_000 });

    // 4. The integrator's webhook received both, signed with the connection token.
    await until(() => receiver.received.filter((w) => w.event === "message.created").length >= 2, "two message.created webhooks");
    const created = receiver.received.filter((w) => w.event === "message.created");
    expect(created.every((w) => w.signed)).toBe(true);
    const bodies = created.map((w) => w.body.message as { body: string; mediaType: string });
    expect(bodies.some((m) => m.body.includes("Qual é o número do pedido?"))).toBe(true);
    expect(bodies.some((m) => m.mediaType === "image")).toBe(true);

    // 5. The customer's reply shows up live in the open conversation.
    await customerSays("cust-2", "Pedido 4521, obrigado!");
    await page.getByText("Pedido 4521, obrigado!").first().waitFor({ timeout: 15_000 });
    await page.getByRole("tab", { name: new RegExp(L.tabs.open) }).click();
    await page.locator(".tickets-item-button", { hasText: "Cliente Teste" }).waitFor();
    await screenshot(page, "readme-conversation");

    // 6. Resolve, without the farewell message.
    await page.getByRole("button", { name: A.header.resolve, exact: true }).click();
    await page.getByRole("button", { name: A.resolve.withoutFarewell }).click();
    await page.waitForURL((url) => url.pathname === "/tickets");
    await page.getByRole("tab", { name: new RegExp(L.tabs.closed) }).click();
    await page
      .locator(".tickets-item-button", { hasText: "Cliente Teste" })
      .waitFor({ timeout: 10_000 })
      .catch(async (err) => {
        await screenshot(page, "conversation-3-failed");
        throw err;
      });
    await screenshot(page, "conversation-3-resolved");

    // 7. On a phone-sized screen the list sits under the 'Ticket' / 'Atendimentos' tabs.
    await page.setViewportSize({ width: 420, height: 800 });
    await page.goto(`${server.url}/tickets`);
    await page.getByRole("tab", { name: P.page.tabList }).click();
    await page.getByRole("tab", { name: new RegExp(L.tabs.closed) }).click();
    await page.locator(".tickets-item-button", { hasText: "Cliente Teste" }).waitFor({ state: "visible" });
    await screenshot(page, "conversation-4-narrow");
  }, 120_000);
});
