import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pt from "../../plugins/contacts-import/web/locales/pt.json" with { type: "json" };
import {
  callApi,
  launchBrowser,
  login,
  ROOT,
  SCREENSHOTS,
  screenshot,
  settled,
  startServer,
  type LaunchedBrowser,
  type RunningServer,
  signIn as signInAs,
} from "./support/index.ts";

/**
 * Contacts import and export (issue 16) in real Chromium against the real server: from
 * /contacts the admin opens the import, uploads a CSV, maps a column to extra info, adds a
 * tag for everyone and starts; the job imports it (one row merged into an existing contact,
 * two refused and listed by line). Then a 30,000-row .xlsx, whose progress bar moves live,
 * the contacts list with the new contacts, and an export of the searched list as .xlsx. Last,
 * a connected WhatsApp's address book (the harness's fake boundary) imports the same way
 * (the second test uses the first one's signed-in browser).
 */
const BOUNDARY = resolve(ROOT, "tests/e2e/support/fake-whatsapp-boundary.ts");
const BIG = 30_000;
let server: RunningServer;
let browser: LaunchedBrowser;
let token = "";

const api = (path: string, init: { method?: string; body?: unknown } = {}) => callApi(server.url, path, token, init);
const signIn = (page: Page) => signInAs(page, server.url);

async function bigXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Clientes");
  sheet.addRow(["Nome", "Telefone", "E-mail"]);
  for (let i = 0; i < BIG; i += 1) sheet.addRow([`Cliente ${String(i).padStart(5, "0")}`, 5531900000000 + i, `cliente${i}@loja.test`]);
  return Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer);
}

beforeAll(async () => {
  server = await startServer({ env: { WHATSAPP_BOUNDARY_MODULE: BOUNDARY, JOBS_POLL_MS: "200" } });
  browser = await launchBrowser();
  token = (await login(server.url)).token;
  await api("/tags", { method: "POST", body: { name: "Clientes 2026", color: "#2965cc", kanban: 0 } });
  await api("/contacts", { method: "POST", body: { name: "Ana Antiga", number: "5511987654321" } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("contacts import and export, end to end", () => {
  it("imports a CSV through preview and mapping, then a large XLSX with live progress, and exports the list", async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.goto(`${server.url}/contacts`);
    await page.getByRole("button", { name: pt.actions.import, exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/contacts/import");
    await page.getByText(pt.file.title).waitFor();
    await page.getByText(pt.history.empty).waitFor();
    await screenshot(page, "contacts-import-1-start");

    // 1. A CSV as Excel in Brazil writes it: ';' separated, a header in Portuguese.
    const csv = [
      "Nome;Celular;E-mail;Cidade;Tags",
      "Ana Souza;+55 (11) 98765-4321;ana@loja.test;Santos;VIP",
      "Bruno Lima;+55 21 99888-7777;bruno@loja.test;Rio;",
      "Carla Dias;+55 31 97777-6666;carla@;BH;",
      "Davi;1234;;;",
    ].join("\r\n");
    await page.locator("input[type=file]").setInputFiles({ name: "clientes.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${csv}`) });
    const preview = page.getByRole("table", { name: pt.mapping.preview });
    await preview.getByText("Bruno Lima").waitFor();
    expect(await page.getByLabel("O que é Celular").inputValue()).toBe("number");
    expect(await page.getByLabel("O que é Tags").inputValue()).toBe("tags");
    await page.getByLabel("O que é Cidade").selectOption("extra");
    await page.getByLabel(pt.tags.label).first().selectOption({ label: "Clientes 2026" });
    await screenshot(page, "contacts-import-2-mapping");
    await page.getByRole("button", { name: pt.mapping.start, exact: true }).click();

    // 2. The job runs on the server: done, with the refused rows by line.
    const progress = page.getByRole("region", { name: pt.progress.title });
    await progress.getByText(pt.status.done, { exact: true }).waitFor({ timeout: 30_000 });
    await progress.getByText("1 criado", { exact: true }).waitFor();
    await progress.getByText("1 atualizado", { exact: true }).waitFor();
    const errors = page.getByRole("table", { name: "Linhas com erro (2)" });
    await errors.waitFor();
    expect(await errors.locator("tbody tr").allInnerTexts()).toEqual(["4\tE-mail\tE-mail inválido\tcarla@", "5\tNúmero\tMuito curto\t1234"]);
    await screenshot(page, "contacts-import-3-csv-result");

    // 3. A large .xlsx: the progress bar moves while the server works.
    await page.getByRole("button", { name: pt.result.another, exact: true }).click();
    await page
      .locator("input[type=file]")
      .setInputFiles({ name: "clientes-grandes.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: await bigXlsx() });
    await preview.getByText("Cliente 00001").waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: pt.mapping.start, exact: true }).click();
    // Counts as Portuguese writes them: 30.000. The bar must be seen part-way (10-90 %), moved by the live events.
    const total = BIG.toLocaleString("pt");
    await page.waitForFunction(
      (total) => {
        const text = document.querySelector(".contacts-import-rows")?.textContent ?? "";
        const match = /^([\d.]+) de ([\d.]+) linhas$/.exec(text);
        const done = Number(match?.[1]?.replaceAll(".", ""));
        const all = Number(total.replaceAll(".", ""));
        return match?.[2] === total && done >= all / 10 && done < (all * 9) / 10;
      },
      total,
      { timeout: 60_000, polling: 50 },
    );
    // The bar's width eases over 200 ms; the shared helper would wait for animations, and a striped bar never stops.
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(SCREENSHOTS, "contacts-import-4-xlsx-progress.png"), fullPage: true });
    await progress.getByText(pt.status.done, { exact: true }).waitFor({ timeout: 120_000 });
    await progress.getByText(`${total} de ${total} linhas`).waitFor();
    await progress.getByText(`${total} criados`).waitFor();
    await page.getByText(pt.result.noErrors).waitFor();
    await screenshot(page, "contacts-import-5-xlsx-done");
    const history = page.getByRole("region", { name: pt.history.title });
    await history.getByText("clientes-grandes.xlsx").waitFor();

    // 4. The contacts list has them, tags included.
    await page.getByRole("button", { name: pt.result.contacts, exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/contacts");
    await page.getByRole("heading", { name: `Contatos (${BIG + 2})` }).waitFor();
    await screenshot(page, "contacts-import-6-contacts-all");
    await page.getByLabel("Pesquisar...").fill("Souza");
    const ana = page.locator("tbody tr", { hasText: "Ana Souza" });
    await ana.waitFor();
    await ana.getByText("Clientes 2026").waitFor();
    await ana.getByText("VIP").waitFor();
    await page.locator("tbody tr", { hasText: "Bruno Lima" }).waitFor({ state: "detached" });
    await screenshot(page, "contacts-import-7-contacts-search");

    // 5. Export what the list shows (the search), as .xlsx.
    await page.getByRole("button", { name: pt.actions.export, exact: true }).click();
    const downloading = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: pt.export.xlsx }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^contatos-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(readFileSync((await download.path())!)).buffer as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toEqual([
      ["Nome", "Número", "E-mail", "Tags"],
      ["Ana Souza", "5511987654321", "ana@loja.test", "Clientes 2026, VIP"],
    ]);
    await page.close();
  }, 300_000);

  it("imports the phone's saved contacts from a connected WhatsApp connection", async () => {
    const connection = await api("/whatsapp", { method: "POST", body: { name: "Celular da loja", channel: "whatsapp" } });
    const whatsappId = Number(connection.id);
    await api(`/whatsappsession/${whatsappId}`, { method: "POST", body: {} });
    const dir = join(server.dataDir, "fake-whatsapp");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `pair-${whatsappId}`), "5511900001111");
    await expect.poll(async () => (await api(`/whatsapp/${whatsappId}`)).status, { timeout: 20_000 }).toBe("CONNECTED");
    writeFileSync(
      join(dir, `contacts-${whatsappId}.json`),
      JSON.stringify([
        { id: "5541966665555@s.whatsapp.net", name: "Fernanda Fornecedora", notify: "Fê" },
        { id: "5551955554444@s.whatsapp.net", name: "Gustavo Entregas" },
        { id: "120363025246125486@g.us", name: "Grupo da loja" },
      ]),
    );

    // The browser's session from the first test is still signed in.
    const page = await browser.newPage();
    await page.goto(`${server.url}/contacts/import`);
    const card = page.locator(".bp6-card", { hasText: pt.whatsapp.title });
    await card.getByLabel(pt.whatsapp.connection).waitFor();
    await settled(page);
    await screenshot(page, "contacts-import-8-whatsapp");
    // The address book is stored once the phone sent it (the file is read every 200 ms).
    await expect.poll(() => import("node:fs").then((fs) => fs.existsSync(join(dir, `contacts-${whatsappId}.json`))), { timeout: 10_000 }).toBe(false);
    await new Promise((r) => setTimeout(r, 500));
    await card.getByRole("button", { name: pt.whatsapp.start, exact: true }).click();
    const progress = page.getByRole("region", { name: pt.progress.title });
    await progress.getByText(pt.status.done, { exact: true }).waitFor({ timeout: 30_000 });
    await progress.getByText("2 criados", { exact: true }).waitFor();
    await screenshot(page, "contacts-import-9-whatsapp-done");
    await page.goto(`${server.url}/contacts`);
    await page.getByLabel("Pesquisar...").fill("Fernanda");
    await page.locator("tbody tr", { hasText: "Fernanda Fornecedora" }).waitFor();
    await page.close();
  }, 120_000);
});
