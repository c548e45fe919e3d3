import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pt from "../../plugins/reports/web/locales/pt.json" with { type: "json" };
import { callApi, customerMessage, launchBrowser, login, screenshot, settled, signIn, startServer, type LaunchedBrowser, type RunningServer } from "./support/index.ts";

/**
 * The reports plugin in real Chromium against the real server: the dashboard's tabs on `/`,
 * the report's filter and its Excel export (downloaded and opened as xlsx), the real-time panel
 * redrawn live when a customer writes, and the 403 card of a profile user without showDashboard.
 */
let server: RunningServer;
let browser: LaunchedBrowser;
let token = "";
let connectionToken = "";
let seq = 0;
let carlaTicket = 0;
let adminId = 0;
const plain = { email: "ze@reports.test", password: "Secret123" };

const says = (number: string, name: string, body: string) => customerMessage(server.url, connectionToken, { id: `r-${++seq}-${Date.now()}`, number, name, body });

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const admin = await login(server.url);
  token = admin.token;
  const connection = await callApi(server.url, "/whatsapp", token, { method: "POST", body: { name: "Canal API", channel: "api", webhookUrl: "http://127.0.0.1:9/hook" } });
  connectionToken = String(connection.token);
  const first = await says("5511911110001", "Carla Souza", "Quero um orçamento");
  await says("5511911110002", "Bruno Lima", "Bom dia");
  await callApi(server.url, `/tickets/${first.ticketId}`, token, { method: "PUT", body: { status: "open", userId: admin.user.id } });
  carlaTicket = first.ticketId;
  adminId = admin.user.id;
  await callApi(server.url, "/users", token, { method: "POST", body: { name: "Zé", ...plain, profile: "user" } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The admin's session: the first test signs in; the browser's one context keeps it for the others. */
let signedIn = false;
async function signInAdmin(page: Page) {
  if (signedIn) return void (await page.goto(`${server.url}/`));
  await signIn(page, server.url);
  signedIn = true;
}

describe("reports, end to end", () => {
  it("the dashboard's tabs on /", async () => {
    const page = await browser.newPage();
    await signInAdmin(page);
    await page.getByText(pt.counters.supportHappening, { exact: true }).waitFor();
    await page.getByRole("img", { name: pt.charts.perDay }).waitFor();
    await settled(page);
    await screenshot(page, "reports-1-indicators");
    await page.getByRole("tab", { name: pt.tabs.nps }).click();
    await page.getByText(pt.counters.npsPromotersPerc, { exact: true }).waitFor();
    await page.getByRole("tab", { name: pt.tabs.attendants }).click();
    await page.getByRole("table", { name: pt.tabs.attendants }).waitFor();
    await screenshot(page, "reports-2-attendants");
    await page.close();
  }, 120_000);

  it("/reports filters and exports relatorio-de-atendimentos.xlsx", async () => {
    const page = await browser.newPage();
    await signInAdmin(page);
    await page.goto(`${server.url}/reports`);
    const table = page.getByRole("table", { name: pt.report.title });
    await table.locator("tbody tr", { hasText: "Carla Souza" }).waitFor();
    await table.locator("tbody tr", { hasText: "Bruno Lima" }).waitFor();
    await page.getByLabel(pt.filter.status).selectOption("open");
    await table.locator("tbody tr", { hasText: "Bruno Lima" }).waitFor({ state: "detached" });
    await screenshot(page, "reports-3-report-filtered");
    await page.getByRole("button", { name: pt.export.button, exact: true }).click();
    const downloading = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: pt.export.xlsx }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("relatorio-de-atendimentos.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(readFileSync((await download.path())!)).buffer as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toHaveLength(2);
    expect(rows[0]![0]).toBe("Ticket");
    expect(rows[1]).toContain("Carla Souza");
    await page.close();
  }, 120_000);

  it("the SLA tab: an admin sets a queue's target and sees % met; a dashboard number opens its report", async () => {
    // Carla's ticket moves to Vendas; she asks again there and the admin answers at once: first response met.
    const queue = await callApi(server.url, "/queue", token, { method: "POST", body: { name: "Vendas", color: "#2d72d2" } });
    await callApi(server.url, `/tickets/${carlaTicket}`, token, { method: "PUT", body: { queueId: queue.id } });
    await callApi(server.url, `/tickets/${carlaTicket}`, token, { method: "PUT", body: { status: "open", userId: adminId } });
    await says("5511911110001", "Carla Souza", "E o prazo de entrega?");
    await callApi(server.url, `/messages/${carlaTicket}`, token, { method: "POST", body: { body: "Olá Carla, já te envio" } });
    const page = await browser.newPage();
    await signInAdmin(page);
    await page.getByRole("tab", { name: pt.tabs.sla }).click();
    await page.getByText(pt.sla.empty).waitFor();
    await page.getByRole("button", { name: pt.sla.edit }).click();
    await page.getByLabel(pt.sla.firstResponseOf.replace("{{queue}}", "Vendas")).fill("15");
    await page.getByLabel(pt.sla.resolutionOf.replace("{{queue}}", "Vendas")).fill("240");
    await page.getByRole("button", { name: pt.sla.save }).click();
    const table = page.getByRole("table", { name: pt.sla.title });
    await table.getByText("100%").waitFor();
    await table.getByText(pt.sla.metOf.replace("{{met}}", "1").replace("{{total}}", "1").replace("{{target}}", "15")).waitFor();
    await settled(page);
    await screenshot(page, "reports-6-sla");
    // Indicators: "in service" is 1 (Carla's), its link opens the report with only her ticket.
    await page.getByRole("tab", { name: pt.tabs.indicators }).click();
    await page.getByRole("link", { name: `${pt.counters.supportHappening}: 1` }).click();
    await page.waitForURL((url) => url.pathname === "/reports" && url.searchParams.get("status") === "open");
    const report = page.getByRole("table", { name: pt.report.title });
    await report.locator("tbody tr", { hasText: "Carla Souza" }).waitFor();
    expect(await report.locator("tbody tr").count()).toBe(1);
    await page.getByText(pt.report.total.replace("{{count}}", "1")).waitFor();
    await screenshot(page, "reports-7-linked-report");
    await page.close();
  }, 120_000);

  it("/moments shows Pendentes and the attendant, and follows a customer live", async () => {
    const page = await browser.newPage();
    await signInAdmin(page);
    await page.goto(`${server.url}/moments`);
    await page.getByRole("heading", { name: pt.moments.title }).waitFor();
    await page.getByText("Bruno Lima").waitFor();
    await page.getByText("Carla Souza").waitFor();
    await settled(page);
    await says("5511911110003", "Daniela Ferreira de Albuquerque Cavalcanti", "Olá, vocês abrem no sábado de manhã?");
    // Cut at 30 characters, live.
    await page.getByText("Daniela Ferreira de Albuquerqu…").waitFor({ timeout: 15_000 });
    await screenshot(page, "reports-4-moments-live");
    await page.close();
  }, 120_000);

  it("a profile user without showDashboard gets the 403 card, back to /tickets", async () => {
    // Another person: drop the admin's session (refresh cookie) first.
    await browser.context.clearCookies();
    const page = await browser.newPage();
    await signIn(page, server.url, plain.email, plain.password);
    await page.getByText(pt.forbidden.message).waitFor();
    await screenshot(page, "reports-5-forbidden");
    await page.getByRole("button", { name: pt.forbidden.back }).click();
    await page.waitForURL((url) => url.pathname === "/tickets");
    await page.close();
  }, 120_000);
});
