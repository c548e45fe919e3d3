import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, launchBrowser, login, screenshot, settled, signIn, startServer, type LaunchedBrowser, type RunningServer, customerMessage, until } from "./support/index.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";
import actionsPt from "../../plugins/tickets/web/locales/actions/pt.json" with { type: "json" };
import usersPt from "../../plugins/users/web/locales/pt.json" with { type: "json" };
import commonPt from "../../web/src/i18n/locales/pt.json" with { type: "json" };

/**
 * The user's own farewell after it left the kernel's `users` table for the tickets plugin
 * (issue 12), in real Chromium against the real server: the admin writes it in their profile
 * dialog (user menu, "Perfil"), reopens the dialog and finds it there, then resolves an
 * API-channel ticket with the farewell; the customer gets the user's farewell, not the
 * connection's `complationMessage`.
 */
let server: RunningServer;
let browser: LaunchedBrowser;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let token = "";
let adminName = "";

const A = actionsPt.actions;
const MINE = "Até logo, {{firstName}}! Atendido por {{user}}.";

const texts = () => receiver.received.filter((w) => w.event === "message.created").map((w) => String((w.body.message as { body: string }).body));

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startServer({ env: { JOBS_POLL_MS: "200" } });
  const admin = await login(server.url);
  token = admin.token;
  adminName = String(admin.user.name);
  const connection = await callApi(server.url, "/whatsapp", token, {
    method: "POST",
    body: { name: "Canal API", channel: "api", webhookUrl: receiver.url, complationMessage: "Mensagem da conexão" },
  });
  const connectionToken = String(connection.token);
  receiver.setSecret(connectionToken);
  const { ticketId } = await customerMessage(server.url, connectionToken, { id: "farewell-1", number: "5511955554444", name: "Carla Souza", body: "Bom dia, tudo certo?" });
  await callApi(server.url, `/tickets/${ticketId}`, token, { method: "PUT", body: { status: "open", userId: admin.user.id } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

describe("the user's farewell, end to end", () => {
  it("saved from the profile dialog, shown again when it reopens, and said when the user resolves", async () => {
    browser = await launchBrowser();
    const page = await browser.newPage();
    await signIn(page, server.url);

    const openProfile = async () => {
      await page.getByRole("button", { name: commonPt.topbar.userMenu }).click();
      await page.getByRole("menuitem", { name: usersPt.profileMenu }).click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      await settled(page);
      return dialog;
    };

    let dialog = await openProfile();
    const field = dialog.getByLabel(usersPt.fields.farewellMessage);
    expect(await field.inputValue()).toBe("");
    await field.fill(MINE);
    await screenshot(page, "user-farewell-1-profile");
    await dialog.getByRole("button", { name: usersPt.dialog.save, exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await callApi(server.url, "/auth/me", token)).farewellMessage).toBe(MINE);

    // After a reload (nothing cached), the reopened dialog reads it back from the user's answer,
    // now served from the tickets plugin's table.
    await page.reload();
    await settled(page);
    dialog = await openProfile();
    expect(await dialog.getByLabel(usersPt.fields.farewellMessage).inputValue()).toBe(MINE);
    await screenshot(page, "user-farewell-2-reopened");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    await page.goto(`${server.url}/tickets`);
    const item = page.locator(".tickets-item-button", { hasText: "Carla Souza" });
    await item.waitFor({ timeout: 15_000 });
    await item.click();
    await page.getByText("Bom dia, tudo certo?").first().waitFor();
    await page.getByRole("button", { name: A.header.resolve, exact: true }).click();
    const resolve = page.getByRole("dialog", { name: A.resolve.title });
    await resolve.waitFor();
    await resolve.getByRole("button", { name: A.resolve.withFarewell, exact: true }).click();
    await resolve.waitFor({ state: "detached" });

    const said = `Até logo, Carla! Atendido por ${adminName}.`;
    await until(() => texts().includes(said), "the user's farewell webhook", texts);
    expect(texts()).not.toContain("Mensagem da conexão");
  }, 120_000);
});
