import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { callApi, launchBrowser, settled, login, ROOT, screenshot, startServer, type LaunchedBrowser, type RunningServer, signIn as signInAs } from "./support/index.ts";
import pt from "../../plugins/connections/web/locales/pt.json" with { type: "json" };
import hoursPt from "../../plugins/office-hours/web/locales/pt.json" with { type: "json" };

/**
 * The connections screens in real Chromium against the real server, with the test
 * harness's WhatsApp boundary (tests/e2e/support/fake-whatsapp-boundary.ts): its sockets
 * show a QR shortly after a session starts and "scan" it when the file
 * `${DATA_DIR}/fake-whatsapp/pair-<whatsappId>` appears with a phone number. The admin adds
 * a WhatsApp connection, starts its session, sees the QR live, the phone pairs, the
 * dialog closes and the row shows CONNECTED; then every tab of the dialog is edited,
 * saved and read back.
 */
const BOUNDARY = resolve(ROOT, "tests/e2e/support/fake-whatsapp-boundary.ts");
const PHONE = "5511987654321";
const NAME = "WhatsApp Loja";

let server: RunningServer;
let browser: LaunchedBrowser;

const api = (path: string, token: string, init: { method?: string; body?: unknown } = {}) => callApi(server.url, path, token, init);

const signIn = (page: Page) => signInAs(page, server.url);

beforeAll(async () => {
  server = await startServer({ env: { WHATSAPP_BOUNDARY_MODULE: BOUNDARY, JOBS_POLL_MS: "200" } });
  browser = await launchBrowser();
  const { token } = await login(server.url);
  await api("/queue", token, { method: "POST", body: { name: "Suporte", color: "#2965CC", greetingMessage: "" } });
  // The Office hours tab shows only while the company schedules by connection.
  await api("/companySettings", token, { method: "PUT", body: { column: "scheduleType", data: "connection" } });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("connections, end to end", () => {
  it("adds a WhatsApp connection, pairs it through the live QR, then edits every tab of its dialog", async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.goto(`${server.url}/connections`);
    await page.getByRole("heading", { name: pt.title }).waitFor();
    await screenshot(page, "connections-0-empty");

    // 1. Add a WhatsApp connection through the dialog.
    await page.getByRole("button", { name: pt.add, exact: true }).click();
    await page.getByRole("menuitem", { name: pt.addMenu.whatsapp, exact: true }).click();
    const addDialog = page.getByRole("dialog");
    await settled(page);
    await addDialog.locator("#connection-name").fill(NAME);
    await addDialog.getByRole("checkbox", { name: "Suporte" }).check({ force: true });
    await screenshot(page, "connections-1-add-dialog");
    await addDialog.getByRole("button", { name: pt.dialog.add, exact: true }).click();
    const row = page.locator("tbody tr", { hasText: NAME });
    await row.waitFor();
    // The menu's '!' while the new connection is not connected.
    await page.getByTestId("connections-badge").waitFor();

    // 2. Start the session (a new connection is DISCONNECTED): the QR dialog opens and the QR arrives live.
    const qrcodeButton = row.getByRole("button", { name: `${pt.session.qrcode} ${NAME}` });
    const retry = row.getByRole("button", { name: `${pt.session.retry} ${NAME}` });
    if (await retry.isVisible().catch(() => false)) await retry.click();
    else await qrcodeButton.click();
    const qr = page.getByTestId("qr-image");
    await qr.waitFor({ state: "visible", timeout: 20_000 });
    const box = await qr.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(200);
    await screenshot(page, "connections-2-qr-dialog");
    const whatsappId = Number((await row.getAttribute("data-testid"))?.replace("connection-row-", ""));
    expect(whatsappId).toBeGreaterThan(0);

    // 3. The phone scans it: the dialog closes by itself and the row shows CONNECTED with the number.
    mkdirSync(join(server.dataDir, "fake-whatsapp"), { recursive: true });
    writeFileSync(join(server.dataDir, "fake-whatsapp", `pair-${whatsappId}`), PHONE);
    await qr.waitFor({ state: "detached", timeout: 20_000 });
    await row.getByText(pt.status.CONNECTED).waitFor({ timeout: 20_000 });
    await row.getByText(PHONE).waitFor();
    await row.getByRole("button", { name: `${pt.session.disconnect} ${NAME}` }).waitFor();
    await page.getByTestId("connections-badge").waitFor({ state: "detached" });
    await screenshot(page, "connections-3-connected");

    // 4. Edit: one change on every tab, then save.
    await row.getByRole("button", { name: pt.actions.edit.replace("{{name}}", NAME) }).click();
    const dialog = page.getByRole("dialog");
    // The form fills once the connection has loaded: change nothing before that.
    await expect.poll(() => dialog.locator("#connection-name").inputValue()).toBe(NAME);
    await settled(page);
    expect(await dialog.locator("#connection-token").inputValue()).toMatch(/^[A-Za-z0-9]{30}$/);
    await dialog.locator("#connection-privacyLink").fill("https://loja.example.com/privacidade");
    await screenshot(page, "connections-4-tab-general");

    await dialog.getByRole("tab", { name: pt.tabs.integrations }).click();
    // The integrations and prompts plugins put their selects in the tab (their own e2e tests choose in them).
    await dialog.locator("#connection-integration").waitFor();
    await dialog.locator("#connection-prompt").waitFor();
    await screenshot(page, "connections-5-tab-integrations");

    await dialog.getByRole("tab", { name: pt.tabs.messages }).click();
    await dialog.locator("#connection-greetingMessage").fill("Olá! Bem-vindo à Loja.");
    await screenshot(page, "connections-6-tab-messages");

    await dialog.getByRole("tab", { name: pt.tabs.chatbot }).click();
    await dialog.locator("#connection-maxUseBotQueues").fill("5");
    await screenshot(page, "connections-7-tab-chatbot");

    await dialog.getByRole("tab", { name: pt.tabs.nps }).click();
    await dialog.locator("#connection-ratingMessage").fill("Dê uma nota de 0 a 10 para o atendimento");
    await screenshot(page, "connections-8-tab-nps");

    await dialog.getByRole("tab", { name: pt.tabs.schedules }).click();
    const monday = dialog.getByLabel(`${hoursPt.weekdays.monday} ${hoursPt.startTimeA}`);
    await monday.fill("09:00");
    await screenshot(page, "connections-9-tab-office-hours");

    await dialog.getByRole("button", { name: pt.dialog.save, exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    // 5. Reopen: every change is there.
    await row.getByRole("button", { name: pt.actions.edit.replace("{{name}}", NAME) }).click();
    await expect.poll(() => dialog.locator("#connection-privacyLink").inputValue()).toBe("https://loja.example.com/privacidade");
    await dialog.getByRole("tab", { name: pt.tabs.messages }).click();
    expect(await dialog.locator("#connection-greetingMessage").inputValue()).toBe("Olá! Bem-vindo à Loja.");
    await dialog.getByRole("tab", { name: pt.tabs.chatbot }).click();
    expect(await dialog.locator("#connection-maxUseBotQueues").inputValue()).toBe("5");
    await dialog.getByRole("tab", { name: pt.tabs.nps }).click();
    expect(await dialog.locator("#connection-ratingMessage").inputValue()).toBe("Dê uma nota de 0 a 10 para o atendimento");
    await dialog.getByRole("tab", { name: pt.tabs.schedules }).click();
    expect(await dialog.getByLabel(`${hoursPt.weekdays.monday} ${hoursPt.startTimeA}`).inputValue()).toBe("09:00");
    await dialog.getByRole("button", { name: pt.dialog.cancel, exact: true }).click();
    await screenshot(page, "connections-10-list");

    // 6. The super user's all-connections screen counts it.
    await page.goto(`${server.url}/allConnections`);
    const total = page.getByTestId("total-row");
    await total.waitFor();
    expect(await total.locator("td").allTextContents()).toEqual([pt.all.grandTotal, "1", "0", "1"]);
    await screenshot(page, "connections-11-all");
    await page.getByRole("button", { name: pt.all.open.replace("{{name}}", "Empresa 1") }).click();
    const company = page.getByRole("dialog");
    await company.locator("tbody tr", { hasText: NAME }).getByText(pt.status.CONNECTED).waitFor();
    await screenshot(page, "connections-12-all-company");
  });
});
