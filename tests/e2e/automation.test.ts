import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, launchBrowser, login, screenshot, startServer, type LaunchedBrowser, type RunningServer, signIn } from "./support/index.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";
import actionsPt from "../../plugins/tickets/web/locales/actions/pt.json" with { type: "json" };
import listPt from "../../plugins/tickets/web/locales/list/pt.json" with { type: "json" };

/**
 * Issue 13's opening bug, in real Chromium against the real server: with two queues and a
 * greeting, a customer writing through the API channel gets the greeting and the queue menu,
 * picks "2", and the attendant of that queue (default permissions, allTicket disabled) sees
 * the ticket in the pending tab and accepts it.
 */
let server: RunningServer;
let browser: LaunchedBrowser;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let connectionToken = "";

const A = actionsPt.actions;
const L = listPt.list;

async function customerSays(id: string, body: string) {
  const res = await fetch(`${server.url}/channels/api/inbound`, {
    method: "POST",
    headers: { authorization: `Bearer ${connectionToken}`, "content-type": "application/json" },
    body: JSON.stringify({ id, number: "5511977776666", name: "Cliente Bot", body }),
  });
  expect(res.status).toBe(200);
}

async function until(check: () => boolean, what: string, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const botTexts = () => receiver.received.filter((w) => w.event === "message.created").map((w) => String((w.body.message as { body: string }).body));

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startServer({ env: { JOBS_POLL_MS: "200" } });
  browser = await launchBrowser();
  const { token } = await login(server.url);
  const api = (path: string, body: unknown) => callApi(server.url, path, token, { method: "POST", body });
  const sales = await api("/queue", { name: "Vendas", color: "#2965CC", greetingMessage: "Vendas, olá!" });
  const support = await api("/queue", { name: "Suporte", color: "#29A634", greetingMessage: "Suporte: conte-nos o que houve." });
  await api("/users", { name: "Bia Suporte", email: "bia@suporte.example", password: "Secret123!", profile: "user", allTicket: "disable", queueIds: [support.id] });
  const connection = await api("/whatsapp", { name: "Canal API", channel: "api", webhookUrl: receiver.url, greetingMessage: "Bem-vindo!", queueIds: [sales.id, support.id] });
  connectionToken = String(connection.token);
  receiver.setSecret(connectionToken);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

describe("inbound automation, end to end", () => {
  it("greeting and menu, the customer picks 2, the queue's attendant sees and accepts the ticket", async () => {
    await customerSays("bot-1", "Olá");
    await until(() => botTexts().some((t) => t.includes("*2* - Suporte")), "the queue menu webhook");
    expect(botTexts()[0]).toBe("Bem-vindo!\n\n*1* - Vendas\n*2* - Suporte");
    await customerSays("bot-2", "2");
    await until(() => botTexts().includes("Suporte: conte-nos o que houve."), "the queue greeting webhook");

    const page = await browser.newPage();
    await signIn(page, server.url, "bia@suporte.example", "Secret123!");
    await page.goto(`${server.url}/tickets`);
    await page.getByRole("tab", { name: new RegExp(L.tabs.pending) }).click();
    const item = page.locator(".tickets-item-button", { hasText: "Cliente Bot" });
    await item.waitFor({ timeout: 15_000 });
    await item.click();
    await page.getByText("Suporte: conte-nos o que houve.").first().waitFor();
    await page.getByRole("button", { name: A.header.accept, exact: true }).click();
    const acceptDialog = page.getByRole("dialog", { name: A.accept.title });
    if (await acceptDialog.isVisible({ timeout: 1500 }).catch(() => false)) await acceptDialog.getByRole("button", { name: A.accept.confirm }).click();
    await page.getByRole("button", { name: A.header.resolve, exact: true }).waitFor();
    await screenshot(page, "automation-accepted");
  }, 120_000);
});
