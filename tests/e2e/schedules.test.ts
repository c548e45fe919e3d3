import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { callApi, launchBrowser, login, screenshot, settled, startServer, type LaunchedBrowser, type RunningServer, signIn as signInAs } from "./support/index.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";
import pt from "../../plugins/schedules/web/locales/pt.json" with { type: "json" };

/**
 * Scheduled messages in real Chromium against the real server: `/schedules?contactId=` opens
 * the dialog for the contact with the time one hour ahead; the attendant writes, moves the
 * time into the past and adds it; the server's own tick (every 5 s) sends it through the API
 * channel, the integrator's webhook receives it once, and the row turns "Enviada" live; the
 * sent schedule opens read-only (no submit).
 */
let server: RunningServer;
let browser: LaunchedBrowser;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let contactId = 0;

const api = (path: string, token: string, init: { method?: string; body?: unknown } = {}) => callApi(server.url, path, token, init);
const signIn = (page: Page) => signInAs(page, server.url);
const pad = (n: number) => String(n).padStart(2, "0");
/** A datetime-local value in the browser's zone (the harness runs browser and test in one zone). */
const localInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startServer({ env: { JOBS_POLL_MS: "200" } });
  browser = await launchBrowser();
  const { token } = await login(server.url);
  const connection = await api("/whatsapp", token, { method: "POST", body: { name: "Canal API", channel: "api", webhookUrl: receiver.url, isDefault: true } });
  receiver.setSecret(String(connection.token));
  contactId = Number((await api("/contacts", token, { method: "POST", body: { name: "Maria Agendada", number: "5511977776666" } })).id);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

describe("schedules, end to end", () => {
  it("schedules a message for a contact, the tick sends it once, the row turns sent live and opens read-only", async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.goto(`${server.url}/schedules?contactId=${contactId}`);

    // 1. The dialog opens for the contact, one hour ahead.
    const dialog = page.getByRole("dialog");
    await dialog.getByText(pt.dialog.addTitle).waitFor();
    await settled(page);
    expect(await dialog.locator("#schedule-contact").inputValue()).toBe("Maria Agendada");
    const proposed = new Date(await dialog.locator("#schedule-send-at").inputValue());
    expect(Math.abs(proposed.getTime() - (Date.now() + 3_600_000))).toBeLessThan(120_000);
    await dialog.locator("#schedule-body").fill("Olá {{firstName}}, lembrete da sua consulta!");
    await screenshot(page, "schedules-1-dialog");

    // 2. A minute ago: due at once.
    await dialog.locator("#schedule-send-at").fill(localInput(new Date(Date.now() - 60_000)));
    await dialog.getByRole("button", { name: pt.dialog.add, exact: true }).click();
    const row = page.locator("tbody tr", { hasText: "Maria Agendada" });
    await row.waitFor();

    // 3. The server's tick sends it; the row follows live.
    await row.getByText(pt.status.ENVIADA, { exact: true }).waitFor({ timeout: 30_000 });
    await screenshot(page, "schedules-2-sent");
    const deadline = Date.now() + 15_000;
    while (!receiver.received.some((r) => r.event === "message.created") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const sent = receiver.received.filter((r) => r.event === "message.created");
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body.message as { body: string }).body).toBe("Olá Maria, lembrete da sua consulta!");
    expect(sent[0]!.signed).toBe(true);

    // 4. The month calendar shows it on its day; back to the list.
    await page.getByRole("button", { name: pt.views.calendar, exact: true }).click();
    await page.getByRole("cell").filter({ hasText: "Maria Agendada" }).waitFor();
    await screenshot(page, "schedules-3-calendar");
    await page.getByRole("button", { name: pt.views.list, exact: true }).click();

    // 5. Sent: the dialog shows it without a submit button.
    await row.getByRole("button", { name: pt.actions.edit.replace("{{name}}", "Maria Agendada") }).click();
    await page
      .getByRole("dialog")
      .getByText(/Enviado em/)
      .waitFor();
    expect(await page.getByRole("dialog").getByRole("button", { name: pt.dialog.save, exact: true }).count()).toBe(0);
    await screenshot(page, "schedules-4-read-only");
  }, 120_000);
});
