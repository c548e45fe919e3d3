import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { callApi, launchBrowser, login, screenshot, settled, startServer, type LaunchedBrowser, type RunningServer, signIn as signInAs } from "./support/index.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";
import pt from "../../plugins/campaigns/web/locales/pt.json" with { type: "json" };

/**
 * Campaigns in real Chromium against the real server: a contact list is created and filled by
 * importing an .xlsx (one refused row reported), a campaign to it is scheduled a minute ago,
 * the server's job runner sends it through the API channel (each number once at the webhook),
 * and the report page follows live to FINALIZADA with 3 of 3 delivered.
 */
let server: RunningServer;
let browser: LaunchedBrowser;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

const api = (path: string, token: string, init: { method?: string; body?: unknown } = {}) => callApi(server.url, path, token, init);
const signIn = (page: Page) => signInAs(page, server.url);
const pad = (n: number) => String(n).padStart(2, "0");
const localInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** An .xlsx of three good rows and one with a short number. */
async function spreadsheet(): Promise<Buffer> {
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Contatos");
  sheet.addRows([
    ["Nome", "Numero", "Email"],
    ["Ana Lima", "5511970000001", "ana@example.com"],
    ["Bruno Reis", "5511970000002", ""],
    ["Carla Dias", "5511970000003", "carla@example.com"],
    ["Curto", "123", ""],
  ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startServer({ env: { JOBS_POLL_MS: "200" } });
  browser = await launchBrowser();
  const { token, user } = await login(server.url);
  // The Campanhas menu and pages show only where the company's campaignsEnabled setting is on.
  await api(`/companies/${user.companyId}`, token, { method: "PUT", body: { campaignsEnabled: true } });
  const connection = await api("/whatsapp", token, { method: "POST", body: { name: "Canal API", channel: "api", webhookUrl: receiver.url, isDefault: true } });
  receiver.setSecret(String(connection.token));
  await api("/campaign-settings", token, {
    method: "POST",
    body: { settings: { messageInterval: 1, longerIntervalAfter: 0, greaterInterval: 0, sabado: true, domingo: true, startHour: "00:00", endHour: "24:00" } },
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

describe("campaigns, end to end", () => {
  it("list → import → campaign → live report, each number once at the webhook", async () => {
    const page = await browser.newPage();
    await signIn(page);

    // 1. A contact list.
    await page.goto(`${server.url}/contact-lists`);
    await page.getByRole("button", { name: pt.lists.add }).click();
    const dialog = page.getByRole("dialog");
    await dialog.locator("#list-name").fill("Clientes VIP");
    await dialog.getByRole("button", { name: pt.dialog.add, exact: true }).click();
    const row = page.locator("tbody tr", { hasText: "Clientes VIP" });
    await row.waitFor();
    await screenshot(page, "campaigns-1-lists");

    // 2. Its contacts, imported from a spreadsheet: three in, one refused and said why.
    await row.getByRole("button", { name: pt.lists.open.replace("{{name}}", "Clientes VIP") }).click();
    await page.getByText(pt.items.title.replace("{{name}}", "Clientes VIP")).waitFor();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "contatos.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: await spreadsheet() });
    await page.getByText(pt.items.refusedTitle.replace("{{count}}", "1")).waitFor({ timeout: 20_000 });
    await page.locator("tbody tr", { hasText: "Carla Dias" }).waitFor();
    expect(await page.locator("tbody tr").count()).toBe(3);
    await settled(page);
    await screenshot(page, "campaigns-2-imported");

    // 3. A campaign to the list, a minute ago: due at once.
    await page.goto(`${server.url}/campaigns`);
    await page.getByRole("button", { name: pt.add }).first().click();
    const form = page.getByRole("dialog");
    await form.locator("#campaign-name").fill("Black Friday");
    await form.locator("#campaign-whatsapp").selectOption({ label: "Canal API" });
    await form.locator("#campaign-list").selectOption({ label: "Clientes VIP" });
    await form.locator("#campaign-scheduled").fill(localInput(new Date(Date.now() - 60_000)));
    await form.locator("#campaign-message1").fill("Oi {nome}, oferta especial!");
    await screenshot(page, "campaigns-3-dialog");
    await form.getByRole("button", { name: pt.dialog.add, exact: true }).click();
    const campaignRow = page.locator("tbody tr", { hasText: "Black Friday" });
    await campaignRow.waitFor();

    // 4. The report follows live until every valid contact got it.
    await campaignRow.getByRole("button", { name: pt.actions.report.replace("{{name}}", "Black Friday") }).click();
    await page.getByText(pt.report.progressText.replace("{{done}}", "3").replace("{{total}}", "3")).waitFor({ timeout: 30_000 });
    await page.getByText(pt.status.FINALIZADA, { exact: true }).waitFor({ timeout: 10_000 });
    await screenshot(page, "campaigns-4-report");

    const deadline = Date.now() + 15_000;
    while (receiver.received.filter((r) => r.event === "message.created").length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1_500));
    const sent = receiver.received.filter((r) => r.event === "message.created").map((r) => (r.body.message as { body: string }).body);
    expect(sent.sort()).toEqual(["Oi Ana Lima, oferta especial!", "Oi Bruno Reis, oferta especial!", "Oi Carla Dias, oferta especial!"]);
  }, 120_000);
});
