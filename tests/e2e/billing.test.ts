import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, launchBrowser, login, screenshot, settled, signIn, startServer, type LaunchedBrowser, type RunningServer } from "./support/index.ts";
import { startEfiStandIn, TEST_CERTS, type EfiStandIn } from "../../plugins/billing/server/testing/efi-stand-in.ts";
import { deliver } from "../../plugins/billing/server/testing/stand-in-server.ts";
import { addDays, addMonths, utcToday } from "../../plugins/companies/shared/renew.contract.ts";
import { parseEmv } from "../../plugins/billing/shared/br-code.ts";
import pt from "../../plugins/billing/web/locales/pt.json" with { type: "json" };

/**
 * Issue 15 in real Chromium against the real server (Bun), with Efí's PIX API played by the
 * loopback stand-in over mutual TLS (the operator's .p12 uploaded through Settings' API): an
 * overdue company's admin signs in and lands on /financeiro (only the billing menu entry left),
 * PAGAR opens 'Falta pouco!', Dados → Personalizar → Revisar → PAGAR shows the PIX QR code;
 * the stand-in settles the charge and posts Efí's webhook; the renewal job renews the company,
 * the page says 'Sua licença foi renovada até …!' and returns to / with the new due date and
 * the whole menu back.
 */
let server: RunningServer;
let browser: LaunchedBrowser;
let efi: EfiStandIn;
const ADMIN = { email: "dono@padaria-overdue.test", password: "Segredo123" };
const dmy = (day: string) => day.split("-").reverse().join("/");

beforeAll(async () => {
  efi = await startEfiStandIn();
  server = await startServer({
    env: { JOBS_POLL_MS: "200", EFI_API_URL: efi.url, EFI_CA_FILE: TEST_CERTS.caFile, BILLING_PUBLIC_URL: "http://127.0.0.1:9" },
  });
  browser = await launchBrowser();
  const { token } = await login(server.url);
  for (const [key, value] of Object.entries({ eficlientid: "Client_Id_test", eficlientsecret: "Client_Secret_test", efichavepix: "pix@plataforma.test" }))
    await callApi(server.url, `/settings/${key}`, token, { method: "PUT", body: { value } });
  const form = new FormData();
  form.append("file", new File([readFileSync(TEST_CERTS.clientP12)], "efi.p12", { type: "application/x-pkcs12" }));
  const upload = await fetch(`${server.url}/settings/cert-upload?ref=efi-production`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  expect(upload.status).toBe(200);
  const plan = await callApi(server.url, "/plans", token, { method: "POST", body: { name: "Plano Essencial", users: 5, connections: 2, queues: 3, amount: 89.9 } });
  await callApi(server.url, "/companies", token, {
    method: "POST",
    body: { name: "Padaria Vencida", email: ADMIN.email, password: ADMIN.password, planId: plan.id, status: true, dueDate: addDays(utcToday(), -2), recurrence: "MENSAL" },
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await efi?.close();
});

describe("billing, end to end", () => {
  it("an overdue company's admin pays the invoice by PIX and is back in the product with the new due date", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/login$/);
    await page.fill("#login-email", ADMIN.email);
    await page.fill("#login-password", ADMIN.password);
    await page.press("#login-password", "Enter");

    // 1. Overdue: sent to /financeiro; the billing entry is the menu's only feature left.
    await page.waitForURL((url) => url.pathname === "/financeiro", { timeout: 15_000 });
    await page.getByRole("heading", { name: pt.titleCount.replace("{{count}}", "1") }).waitFor();
    const row = page.locator("tbody tr").first();
    await row.getByText(pt.status.overdue, { exact: true }).waitFor();
    const nav = page.locator(".app-sidenav");
    await expect(nav.getByText(pt.menu.invoices, { exact: true }).count()).resolves.toBe(1);
    await expect(nav.getByText("Filas & Chatbot", { exact: true }).count()).resolves.toBe(0);
    await screenshot(page, "billing-1-overdue-invoices");

    // 2. PAGAR: 'Falta pouco!' on Dados (the company has no document yet).
    await row.getByRole("button", { name: pt.actions.pay, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(pt.checkout.title).waitFor();
    await settled(page);
    await dialog.getByRole("button", { name: pt.checkout.next, exact: true }).click();
    await dialog.getByText(pt.validation.zipcode).waitFor();
    await dialog.locator("#checkout-zipcode").fill("529.982.247-25");
    await screenshot(page, "billing-2-checkout-data");
    await dialog.getByRole("button", { name: pt.checkout.next, exact: true }).click();
    await dialog.getByText(pt.checkout.customPlan).waitFor();
    await dialog.getByRole("button", { name: pt.checkout.next, exact: true }).click();
    await dialog.getByRole("table", { name: pt.checkout.steps.review }).waitFor();
    await screenshot(page, "billing-3-checkout-review");
    await dialog.getByRole("button", { name: pt.checkout.pay, exact: true }).click();

    // 3. The PIX screen: QR code and copy-and-paste text of Efí's charge for the invoice's value.
    await dialog.getByTestId("qr-image").waitFor({ timeout: 15_000 });
    const code = await dialog.getByRole("textbox", { name: pt.payment.copyPaste }).inputValue();
    expect(parseEmv(code).get("54")).toBe("89.90");
    await dialog.getByRole("button", { name: pt.payment.copy }).waitFor();
    await screenshot(page, "billing-4-pix");
    expect(efi.requests.every((r) => r.clientAuthorized)).toBe(true);

    // 4. The payer pays; Efí posts its webhook; the server's job renews; the page follows live.
    const [txid] = [...efi.cobs.keys()];
    const res = await deliver(server.url, efi.pay(txid!));
    expect(res.status).toBe(200);
    const newDue = addMonths(utcToday(), 1);
    await page
      .getByText(pt.payment.renewed.replace("{{date}}", dmy(newDue)))
      .first()
      .waitFor({ timeout: 15_000 });
    await screenshot(page, "billing-5-renewed");

    // 5. Home after 4 s, with the new due date and the whole menu back.
    await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });
    await page.getByText(dmy(newDue), { exact: true }).first().waitFor();
    await nav.getByText("Filas & Chatbot", { exact: true }).waitFor();
    await screenshot(page, "billing-6-home-renewed");
    // 6. The platform operator's /financeiro: every company's invoices, the paid one as history.
    // Its own browser profile: the company admin's refresh cookie would sign it in as them.
    const operatorBrowser = await launchBrowser();
    const operator = await operatorBrowser.newPage();
    await signIn(operator, server.url);
    await operator.goto(`${server.url}/financeiro`);
    await operator.getByRole("heading", { name: pt.titleCount.replace("{{count}}", "2") }).waitFor();
    await operator.locator("tbody tr", { hasText: "Padaria Vencida" }).first().waitFor();
    await operator.getByText(pt.status.paid, { exact: true }).waitFor();
    await screenshot(operator, "billing-7-operator-invoices");
    await operatorBrowser.close();
    const { token } = await login(server.url, ADMIN.email, ADMIN.password);
    const invoices = await callApi(server.url, "/invoices", token);
    expect((invoices.invoices as { status: string; dueDate: string }[]).map((i) => [i.status, i.dueDate])).toEqual([
      ["open", newDue],
      ["paid", addDays(utcToday(), -2)],
    ]);
  });
});
