import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, launchBrowser, login, screenshot, settled, signIn, startServer, type LaunchedBrowser, type RunningServer, customerMessage, until } from "./support/index.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";
import actionsPt from "../../plugins/tickets/web/locales/actions/pt.json" with { type: "json" };
import listPt from "../../plugins/tickets/web/locales/list/pt.json" with { type: "json" };

/**
 * Issue 14's resolve with rating, in real Chromium against the real server: the company has
 * NPS on and an API connection with a rating question and a farewell; a customer writes over
 * the API channel and the admin (who accepted it) resolves it from the workspace with the
 * dialog's "send rating" ticked. The resolved tab starts with the ticket, waiting for its
 * rating; the customer gets the question, answers 9 over the API channel, gets the farewell,
 * and the resolved tab shows the ticket with its rating emoji.
 */
let server: RunningServer;
let browser: LaunchedBrowser;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let token = "";
let connectionToken = "";
let ticketId = 0;

const A = actionsPt.actions;
const L = listPt.list;
const QUESTION = "De 0 a 10, quanto você recomendaria nosso atendimento?";
const FAREWELL = "Obrigado pela avaliação, {{firstName}}!";

const texts = () => receiver.received.filter((w) => w.event === "message.created").map((w) => String((w.body.message as { body: string }).body));

const customerSays = (id: string, body: string) => customerMessage(server.url, connectionToken, { id, number: "5511966665555", name: "Carla Nota", body });

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startServer({ env: { JOBS_POLL_MS: "200" } });
  const admin = await login(server.url);
  token = admin.token;
  await callApi(server.url, "/settings/userRating", token, { method: "PUT", body: { value: "enabled" } });
  const connection = await callApi(server.url, "/whatsapp", token, {
    method: "POST",
    body: { name: "Canal API", channel: "api", webhookUrl: receiver.url, ratingMessage: QUESTION, complationMessage: FAREWELL, expiresTicketNPS: 60 },
  });
  connectionToken = String(connection.token);
  receiver.setSecret(connectionToken);
  ticketId = (await customerSays("nps-1", "Olá, preciso de ajuda")).ticketId;
  await callApi(server.url, `/tickets/${ticketId}`, token, { method: "PUT", body: { status: "open", userId: admin.user.id } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

describe("resolve with rating, end to end", () => {
  it("the admin resolves with the rating; the customer answers 9 through the API channel; the resolved tab shows the emoji", async () => {
    browser = await launchBrowser();
    const page = await browser.newPage();
    await signIn(page, server.url);
    await page.goto(`${server.url}/tickets`);
    const item = page.locator(".tickets-item-button", { hasText: "Carla Nota" });
    await item.waitFor({ timeout: 15_000 });
    await item.click();
    await page.getByText("Olá, preciso de ajuda").first().waitFor();

    await page.getByRole("button", { name: A.header.resolve, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: A.resolve.title });
    await dialog.waitFor();
    await settled(page);
    const rating = dialog.getByRole("checkbox", { name: A.resolve.sendRating });
    expect(await rating.isChecked()).toBe(true);
    await screenshot(page, "lifecycle-1-resolve-with-rating");
    await dialog.getByRole("button", { name: A.resolve.withFarewell, exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    await until(() => texts().includes(QUESTION), "the rating question webhook", texts);
    const waiting = await callApi(server.url, `/tickets/${ticketId}`, token);
    expect(waiting.status).toBe("nps");
    // The farewell waits for the answer.
    expect(texts().some((t) => t.startsWith("Obrigado pela avaliação"))).toBe(false);
    // Meanwhile the resolved tab starts with it, waiting for the rating.
    await page.getByRole("tab", { name: new RegExp(L.tabs.closed) }).click();
    const waitingList = page.getByRole("list", { name: L.waiting.nps });
    await waitingList.locator(".tickets-item", { hasText: "Carla Nota" }).waitFor({ timeout: 15_000 });
    await waitingList.getByText(L.status.nps, { exact: true }).waitFor();
    await screenshot(page, "lifecycle-2-waiting-for-rating");

    await customerSays("nps-2", "9");
    await until(() => texts().includes("Obrigado pela avaliação, Carla!"), "the farewell webhook", texts);
    const rated = await callApi(server.url, `/tickets/${ticketId}`, token);
    expect(rated).toMatchObject({ status: "closed", userRating: { rate: 5, score: 9 } });

    const closedItem = page.getByRole("list", { name: L.tabs.closed }).locator(".tickets-item", { hasText: "Carla Nota" });
    await closedItem.waitFor({ timeout: 15_000 });
    const emoji = closedItem.locator(".tickets-item-rating");
    await emoji.waitFor();
    expect(await emoji.textContent()).toBe("😍");
    expect(await emoji.getAttribute("aria-label")).toBe(L.item.rating.replace("{{rate}}", "5"));
    await screenshot(page, "lifecycle-3-resolved-with-emoji");
  }, 120_000);
});
