import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { launchBrowser, screenshot, settled, startServer, type LaunchedBrowser, type RunningServer, signIn, customerMessage, until } from "./support/index.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";
import connectionsPt from "../../plugins/connections/web/locales/pt.json" with { type: "json" };
import queuesPt from "../../plugins/queues/web/locales/pt.json" with { type: "json" };
import actionsPt from "../../plugins/tickets/web/locales/actions/pt.json" with { type: "json" };
import listPt from "../../plugins/tickets/web/locales/list/pt.json" with { type: "json" };
import usersPt from "../../plugins/users/web/locales/pt.json" with { type: "json" };

/**
 * Issue 13's opening bug, in real Chromium against the real server, set up the way an admin
 * would: in the web page the admin creates the queues "Vendas" and "Suporte" with their
 * greetings (Suporte with a two-option chatbot menu), the attendant of Suporte (default
 * permissions, allTicket disabled) and an API-channel connection with a greeting and both
 * queues. A customer writing through the API channel then gets the greeting and the queue
 * menu, picks "2", gets Suporte's option menu, picks an option, and the attendant sees the
 * ticket in the pending tab and accepts it.
 */
let server: RunningServer;
let browser: LaunchedBrowser;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let connectionToken = "";

const A = actionsPt.actions;
const L = listPt.list;
const Q = queuesPt;
const U = usersPt;
const C = connectionsPt;

const ATTENDANT = { name: "Bia Suporte", email: "bia@suporte.example", password: "Secret123!" };
const CONNECTION = "Canal API";
const SUPPORT_GREETING = "Suporte: conte-nos o que houve.";
const TECH_ANSWER = "Um técnico vai falar com você em instantes.";

const customerSays = (id: string, body: string) => customerMessage(server.url, connectionToken, { id, number: "5511977776666", name: "Cliente Bot", body });

const botTexts = () => receiver.received.filter((w) => w.event === "message.created").map((w) => String((w.body.message as { body: string }).body));

/** The chatbot editor's ids hold dots ("chatbot-chatbots.0-name"), which a CSS #id cannot. */
const byId = (scope: Locator, id: string) => scope.locator(`[id="${id}"]`);

/** Opens the queue dialog, fills name, colour and greeting (and chatbot options), adds, and waits for the row. */
async function addQueue(page: Page, name: string, color: string, greeting: string, options: { name: string; message: string }[] = [], shot?: string) {
  await page.getByRole("button", { name: Q.add, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await settled(page);
  await dialog.locator("#queue-name").fill(name);
  // Colours are unique in a company, and every new queue starts with the same one.
  await dialog.locator("#queue-color").fill(color);
  await dialog.locator("#queue-greeting").fill(greeting);
  for (const [i, option] of options.entries()) {
    await dialog.getByRole("button", { name: Q.chatbot.addOption, exact: true }).click();
    await byId(dialog, `chatbot-chatbots.${i}-name`).fill(option.name);
    await byId(dialog, `chatbot-chatbots.${i}-message`).fill(option.message);
  }
  if (shot) await screenshot(page, shot);
  await dialog.getByRole("button", { name: Q.dialog.add, exact: true }).click();
  await dialog.waitFor({ state: "detached" });
  await page.locator("tbody tr", { hasText: name }).waitFor();
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startServer({ env: { JOBS_POLL_MS: "200" } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

describe("inbound automation, end to end", () => {
  it("the admin configures two queues, Suporte's menu, the attendant and the API connection in the web page", async () => {
    // Each person has a browser of their own: the admin's session stays in its profile.
    browser = await launchBrowser();
    const page = await browser.newPage();
    await signIn(page, server.url);

    // 1. Queues: Vendas, then Suporte with a two-option chatbot menu.
    await page.goto(`${server.url}/queues`);
    await page.getByRole("heading", { name: Q.title }).waitFor();
    await addQueue(page, "Vendas", "#2965CC", "Vendas, olá!");
    await addQueue(
      page,
      "Suporte",
      "#29A634",
      SUPPORT_GREETING,
      [
        { name: "Financeiro", message: "Envie o número da sua fatura." },
        { name: "Problema técnico", message: TECH_ANSWER },
      ],
      "automation-1-queue-dialog",
    );
    await screenshot(page, "automation-2-queues");

    // 2. The attendant, working queue Suporte with the default permissions.
    await page.goto(`${server.url}/users`);
    await page.getByRole("button", { name: U.add, exact: true }).click();
    const userDialog = page.getByRole("dialog");
    await settled(page);
    await userDialog.locator("#user-name").fill(ATTENDANT.name);
    await userDialog.locator("#user-email").fill(ATTENDANT.email);
    await userDialog.locator("#user-password").fill(ATTENDANT.password);
    await userDialog.getByRole("checkbox", { name: "Suporte" }).check({ force: true });
    await screenshot(page, "automation-3-user-dialog");
    await userDialog.getByRole("button", { name: U.dialog.add, exact: true }).click();
    await userDialog.waitFor({ state: "detached" });
    await page.locator("tbody tr", { hasText: ATTENDANT.email }).waitFor();

    // 3. The API connection: webhook, both queues and the greeting that heads the queue menu.
    await page.goto(`${server.url}/connections`);
    await page.getByRole("heading", { name: C.title }).waitFor();
    await page.getByRole("button", { name: C.add, exact: true }).click();
    await page.getByRole("menuitem", { name: C.addMenu.api, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await settled(page);
    await dialog.locator("#connection-name").fill(CONNECTION);
    await dialog.locator("#connection-webhookUrl").fill(receiver.url);
    await dialog.getByRole("checkbox", { name: "Vendas" }).check({ force: true });
    await dialog.getByRole("checkbox", { name: "Suporte" }).check({ force: true });
    await screenshot(page, "automation-4-connection-general");
    await dialog.getByRole("tab", { name: C.tabs.messages }).click();
    await dialog.locator("#connection-greetingMessage").fill("Bem-vindo!");
    await screenshot(page, "automation-4-connection-messages");
    await dialog.getByRole("button", { name: C.dialog.add, exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    // The token the integrator uses is shown in the connection's dialog.
    const row = page.locator("tbody tr", { hasText: CONNECTION });
    await row.getByRole("button", { name: C.actions.edit.replace("{{name}}", CONNECTION) }).click();
    await expect.poll(() => dialog.locator("#connection-token").inputValue()).toMatch(/^[A-Za-z0-9]{30}$/);
    connectionToken = await dialog.locator("#connection-token").inputValue();
    receiver.setSecret(connectionToken);
    await dialog.getByRole("button", { name: C.dialog.cancel, exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await screenshot(page, "automation-5-connections");
    await browser.close();
  }, 120_000);

  it("greeting and menu, the customer picks 2 and an option, the queue's attendant sees and accepts the ticket", async () => {
    expect(connectionToken).not.toBe("");
    await customerSays("bot-1", "Olá");
    await until(() => botTexts().some((t) => t.includes("*2* - Suporte")), "the queue menu webhook", botTexts);
    expect(botTexts()[0]).toBe("Bem-vindo!\n\n*1* - Vendas\n*2* - Suporte");
    await customerSays("bot-2", "2");
    await until(() => botTexts().some((t) => t.startsWith(SUPPORT_GREETING)), "Suporte's option menu webhook", botTexts);
    expect(botTexts()[1]).toBe(`${SUPPORT_GREETING}\n\n*1* - Financeiro\n*2* - Problema técnico\n*0* - Voltar`);
    await customerSays("bot-3", "2");
    await until(() => botTexts().includes(TECH_ANSWER), "the option's answer webhook", botTexts);
    expect(receiver.received.filter((w) => w.event === "message.created").every((w) => w.signed)).toBe(true);

    browser = await launchBrowser();
    const page = await browser.newPage();
    await signIn(page, server.url, ATTENDANT.email, ATTENDANT.password);
    await page.goto(`${server.url}/tickets`);
    await page.getByRole("tab", { name: new RegExp(L.tabs.pending) }).click();
    const item = page.locator(".tickets-item-button", { hasText: "Cliente Bot" });
    await item.waitFor({ timeout: 15_000 });
    await screenshot(page, "automation-6-pending");
    await item.click();
    await page.getByText(TECH_ANSWER).first().waitFor();
    await screenshot(page, "automation-7-conversation");
    await page.getByRole("button", { name: A.header.accept, exact: true }).click();
    const acceptDialog = page.getByRole("dialog", { name: A.accept.title });
    if (await acceptDialog.isVisible({ timeout: 1500 }).catch(() => false)) await acceptDialog.getByRole("button", { name: A.accept.confirm }).click();
    await page.getByRole("button", { name: A.header.resolve, exact: true }).waitFor();
    await screenshot(page, "automation-accepted");
  }, 120_000);
});
