import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { callApi, launchBrowser, login, screenshot, settled, startServer, type LaunchedBrowser, type RunningServer, signIn as signInAs, customerMessage } from "./support/index.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";
import pt from "../../plugins/kanban/web/locales/pt.json" with { type: "json" };
import tagsPt from "../../plugins/tags/web/locales/pt.json" with { type: "json" };
import todoPt from "../../plugins/todolist/web/locales/pt.json" with { type: "json" };

/**
 * Issue 16's kanban and to-do parts in real Chromium against the real server: the admin creates
 * two lanes in /TagsKanban (one with a timer to the other), opens /kanban where today's tickets
 * sit in the default lane, drags a card into a lane and finds it there after a reload; opens the
 * ticket with 'Ver Ticket' and changes its stage from the conversation header, which the board
 * then shows; and keeps a to-do list across a reload.
 */
let server: RunningServer;
let browser: LaunchedBrowser;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let connectionToken = "";

const api = (path: string, token: string, init: { method?: string; body?: unknown } = {}) => callApi(server.url, path, token, init);
const signIn = (page: Page) => signInAs(page, server.url);
const lane = (page: Page, name: string) => page.getByRole("region", { name: pt.lane.label.replace("{{name}}", name) });
const card = (page: Page, name: string) => page.getByLabel(pt.card.drag.replace("{{name}}", name), { exact: true });

/** The customer writes, through the API channel's inbound endpoint. */
const customerSays = (number: string, name: string, body: string) => customerMessage(server.url, connectionToken, { id: `in-${number}-${Date.now()}`, number, name, body });

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startServer({ env: { JOBS_POLL_MS: "200" } });
  browser = await launchBrowser();
  const { token } = await login(server.url);
  const connection = await api("/whatsapp", token, { method: "POST", body: { name: "Canal API", channel: "api", webhookUrl: receiver.url, isDefault: true } });
  connectionToken = String(connection.token);
  receiver.setSecret(connectionToken);
  await customerSays("5511911110001", "Ana Souza", "Quero um orçamento para 10 licenças");
  await customerSays("5511911110002", "Bruno Lima", "Bom dia, qual o prazo de entrega?");
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

describe("kanban and to-do, end to end", () => {
  it("creates two lanes, drags a ticket into one, which stays after a reload; the header's stage selector moves it too", async () => {
    const page = await browser.newPage();
    await signIn(page);

    // 1. /TagsKanban: two lanes through the tags plugin's dialog (the second with a timer).
    await page.goto(`${server.url}/TagsKanban`);
    await page.getByText(pt.tagsKanban.empty).waitFor();
    for (const [name, hours] of [
      ["Negociação", ""],
      ["Proposta enviada", "24"],
    ] as const) {
      await page.getByRole("button", { name: pt.tagsKanban.add, exact: true }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText(tagsPt.laneDialog.addTitle).waitFor();
      await settled(page);
      await dialog.locator("#tag-name").fill(name);
      if (hours) {
        await dialog.locator("#tag-time-lane").fill(hours);
        await dialog.locator("#tag-next-lane").selectOption({ label: "Negociação" });
        await dialog.locator("#tag-greeting").fill("Olá {{firstName}}, sua proposta foi enviada!");
        await screenshot(page, "kanban-0-lane-dialog");
      }
      await dialog.getByRole("button", { name: tagsPt.dialog.add, exact: true }).click();
      await page.locator("tbody tr", { hasText: name }).waitFor();
      await dialog.waitFor({ state: "hidden" });
    }
    await page.locator("tbody tr", { hasText: "Proposta enviada" }).getByText("Após 24 h → Negociação").waitFor();
    await screenshot(page, "kanban-1-lanes");

    // 2. The board: today's tickets in the default lane; the lanes empty.
    await page.getByRole("button", { name: pt.tagsKanban.back }).click();
    await page.waitForURL((url) => url.pathname === "/kanban");
    await card(page, "Ana Souza").waitFor();
    expect(await lane(page, pt.defaultLane).getByText("Ana Souza").count()).toBe(1);
    expect(await lane(page, "Negociação").getByText(pt.lane.empty).count()).toBe(1);

    // 3. Drag Ana's card into "Proposta enviada".
    await card(page, "Ana Souza").dragTo(lane(page, "Proposta enviada"));
    await page.getByText(pt.messages.added).waitFor();
    await lane(page, "Proposta enviada").getByText("Ana Souza").waitFor();
    await screenshot(page, "kanban-2-moved");

    // 4. It stays there after a reload (the server holds it).
    await page.reload();
    await lane(page, "Proposta enviada").getByText("Ana Souza").waitFor();
    expect(await lane(page, pt.defaultLane).getByText("Ana Souza").count()).toBe(0);
    expect(await lane(page, pt.defaultLane).getByText("Bruno Lima").count()).toBe(1);

    // 5. 'Ver Ticket' opens the conversation; its header's stage selector shows the lane and moves it.
    await lane(page, "Proposta enviada").getByRole("button", { name: pt.card.open }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/tickets/"));
    const stage = page.locator("#ticket-header-stage");
    await stage.waitFor();
    await page.waitForFunction(() => (document.querySelector("#ticket-header-stage") as HTMLSelectElement | null)?.selectedOptions[0]?.text === "Proposta enviada");
    await stage.selectOption({ label: "Negociação" });
    await page.getByText(pt.messages.added).last().waitFor();
    await screenshot(page, "kanban-3-header-stage");

    // 6. Back on the board, Ana is in "Negociação".
    await page.goto(`${server.url}/kanban`);
    await lane(page, "Negociação").getByText("Ana Souza").waitFor();
    await screenshot(page, "kanban-4-board");
    await page.close();
  }, 120_000);

  it("/todolist: adds, edits and deletes tasks, kept across a reload", async () => {
    // Still signed in from the first test (the refresh cookie of the same browser profile).
    const page = await browser.newPage();
    await page.goto(`${server.url}/todolist`);
    const input = page.getByLabel(todoPt.newTask, { exact: true });
    for (const text of ["Ligar para a Ana", "Enviar contrato ao Bruno", "Revisar metas da semana"]) {
      await input.fill(text);
      await page.getByRole("button", { name: todoPt.add, exact: true }).click();
    }
    await page.getByRole("button", { name: todoPt.edit.replace("{{text}}", "Enviar contrato ao Bruno") }).click();
    await input.fill("Enviar contrato assinado ao Bruno");
    await page.getByRole("button", { name: todoPt.save, exact: true }).click();
    await page.getByRole("button", { name: todoPt.delete.replace("{{text}}", "Revisar metas da semana") }).click();
    await page.reload();
    const list = page.getByRole("list", { name: todoPt.listLabel });
    await list.getByText("Enviar contrato assinado ao Bruno").waitFor();
    expect(await list.getByRole("listitem").count()).toBe(2);
    expect(await list.getByText("Revisar metas da semana").count()).toBe(0);
    await screenshot(page, "todolist");
    await page.close();
  }, 60_000);
});
