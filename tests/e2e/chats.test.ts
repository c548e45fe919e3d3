import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { callApi, launchBrowser, login, screenshot, settled, signIn, startServer, type LaunchedBrowser, type RunningServer } from "./support/index.ts";
import en from "../../plugins/chats/web/locales/en.json" with { type: "json" };
import pt from "../../plugins/chats/web/locales/pt.json" with { type: "json" };

/**
 * Internal chat in real Chromium against the real server, two users in two browser contexts:
 * Ana creates a chat with Bruno from /chats and sends a message with Enter; Bruno, on the home
 * page, sees the unread dot on the top-bar button and the menu entry, opens the popover and the
 * chat from it, reads the message (the dot goes), and replies (Shift+Enter for a second line,
 * Enter to send); Ana sees the reply arrive live in her open conversation. Then, on a 390 px
 * phone, the list and the chat take the screen one at a time and 45 messages load page by page
 * as the reader scrolls up.
 */
let server: RunningServer;
let ana: LaunchedBrowser;
let bruno: LaunchedBrowser;
let phone: LaunchedBrowser;
const PASSWORD = "Segredo123!";

beforeAll(async () => {
  server = await startServer();
  const { token } = await login(server.url);
  for (const [name, email] of [
    ["Ana Lima", "ana@empresa.test"],
    ["Bruno Reis", "bruno@empresa.test"],
    ["Carla Dias", "carla@empresa.test"],
  ])
    await callApi(server.url, "/users", token, { method: "POST", body: { name, email, password: PASSWORD, profile: "user" } });
  ana = await launchBrowser();
  bruno = await launchBrowser();
  phone = await launchBrowser({ viewport: { width: 390, height: 780 } });
}, 120_000);

afterAll(async () => {
  await ana?.close();
  await bruno?.close();
  await phone?.close();
  await server?.stop();
});

const conversation = (page: Page) => page.getByRole("log");

describe("internal chat, end to end", () => {
  it("A creates a chat with B and writes; B sees the dot and the message live, replies; A sees the reply", async () => {
    const a = await ana.newPage();
    const b = await bruno.newPage();
    await signIn(a, server.url, "ana@empresa.test", PASSWORD);
    await signIn(b, server.url, "bruno@empresa.test", PASSWORD);

    // 1. Ana opens the chat page and creates a chat with Bruno; Save waits for a title and a member.
    await a.getByRole("navigation").getByRole("link", { name: pt.menu.chats }).click();
    await a.waitForURL(/\/chats$/);
    await a.getByText(pt.page.pick).waitFor();
    await a.getByRole("button", { name: pt.page.new }).click();
    const dialog = a.getByRole("dialog");
    await dialog.getByText(pt.dialog.addTitle).waitFor();
    const save = dialog.getByRole("button", { name: pt.dialog.add, exact: true });
    expect(await save.isDisabled()).toBe(true);
    await dialog.locator("#chat-title").fill("Plantão de sábado");
    await dialog.getByText("Bruno Reis").click();
    expect(await dialog.getByText("Ana Lima").count()).toBe(0);
    await screenshot(a, "chats-1-new-chat");
    await save.click();
    await a.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
    const uuid = a.url().split("/").pop()!;

    // 2. Ana writes; Enter sends.
    const box = a.getByRole("textbox", { name: pt.messages.placeholder });
    await box.fill("Bom dia, Bruno! Você cobre o turno da tarde?");
    await box.press("Enter");
    await conversation(a).getByText("Bom dia, Bruno! Você cobre o turno da tarde?").waitFor();
    // The message may show (its event) before the send answers and the box empties.
    await expect.poll(() => box.inputValue()).toBe("");

    // 3. Bruno, on the home page, gets the dot on the top-bar button and on the menu entry, live.
    await b.getByTestId("chats-topbar-dot").waitFor({ timeout: 15_000 });
    await b.getByTestId("chats-menu-dot").waitFor();
    await settled(b);
    await screenshot(b, "chats-2-unread-dot");

    // 4. The popover lists the chat with its unread count; a click opens it.
    await b.getByRole("button", { name: pt.popover.buttonUnread }).click();
    const popover = b.getByTestId("chats-popover");
    await popover.getByText("Plantão de sábado").waitFor();
    await popover.getByText("Bom dia, Bruno! Você cobre o turno da tarde?").waitFor();
    await popover.getByRole("status", { name: "1 mensagem não lida" }).waitFor();
    await screenshot(b, "chats-3-popover");
    await popover.getByText("Plantão de sábado").click();
    await b.waitForURL(`${server.url}/chats/${uuid}`);
    await conversation(b).getByText("Bom dia, Bruno! Você cobre o turno da tarde?").waitFor();
    await conversation(b).getByText("Ana Lima").waitFor();

    // 5. Reading clears the dot.
    await b.getByTestId("chats-topbar-dot").waitFor({ state: "detached", timeout: 15_000 });
    await expect.poll(() => b.getByTestId("chats-menu-dot").count()).toBe(0);

    // 6. Bruno replies on two lines: Shift+Enter breaks the line, Enter sends.
    const reply = b.getByRole("textbox", { name: pt.messages.placeholder });
    await reply.click();
    await reply.pressSequentially("Cubro sim!");
    await reply.press("Shift+Enter");
    await reply.pressSequentially("Chego às 13h.");
    expect(await reply.inputValue()).toBe("Cubro sim!\nChego às 13h.");
    await reply.press("Enter");
    await conversation(b).getByText("Chego às 13h.").waitFor();
    await settled(b);
    await screenshot(b, "chats-4-reply");

    // 7. Ana sees the reply live, in her open conversation, and it stays read for her.
    await conversation(a).getByText("Chego às 13h.").waitFor({ timeout: 15_000 });
    const bubble = conversation(a).getByTestId("chat-message").filter({ hasText: "Cubro sim!" });
    expect(await bubble.textContent()).toContain("Cubro sim!\nChego às 13h.");
    await settled(a);
    await screenshot(a, "chats-5-reply-live");
    // Ana read it as it came (open and visible): her dot, if it showed between the message and her read, goes.
    await expect.poll(() => a.getByTestId("chats-topbar-dot").count(), { timeout: 5_000 }).toBe(0);

    // 8. Only the owner sees edit and delete.
    expect(await a.getByRole("button", { name: pt.actions.delete.replace("{{title}}", "Plantão de sábado") }).count()).toBe(1);
    expect(await b.getByRole("button", { name: pt.actions.delete.replace("{{title}}", "Plantão de sábado") }).count()).toBe(0);

    // 9. In English and the dark theme, the same conversation.
    await a.evaluate(() => localStorage.setItem("language", "en"));
    await a.reload();
    await a.getByRole("navigation").getByRole("link", { name: en.menu.chats }).waitFor();
    await a.getByRole("textbox", { name: en.messages.placeholder }).waitFor();
    await a.getByRole("button", { name: "Use dark theme" }).click();
    await conversation(a).getByText("Chego às 13h.").waitFor();
    await settled(a);
    await screenshot(a, "chats-8-english-dark");
  });

  it("on a phone: the list, then the chat full width; older messages load on scrolling up", async () => {
    // 45 messages written through the API, before Carla signs in (a sign-in ends the user's other sessions).
    const carla = await login(server.url, "carla@empresa.test", PASSWORD);
    const brunoApi = await login(server.url, "bruno@empresa.test", PASSWORD);
    const users = (await callApi(server.url, "/users/list", carla.token)) as unknown as { id: number; name: string }[];
    const brunoId = users.find((u) => u.name === "Bruno Reis")!.id;
    const chat = await callApi(server.url, "/chats", carla.token, { method: "POST", body: { title: "Histórico", users: [brunoId] } });
    for (let i = 1; i <= 45; i++)
      await callApi(server.url, `/chats/${chat.id}/messages`, i % 3 ? carla.token : brunoApi.token, { method: "POST", body: { message: `Mensagem ${i}` } });

    const page = await phone.newPage();
    await signIn(page, server.url, "carla@empresa.test", PASSWORD);
    await page.goto(`${server.url}/chats`);
    const item = page.getByRole("button", { name: /Histórico/ });
    await item.waitFor();
    expect(await page.getByText(pt.page.pick).isVisible()).toBe(false);
    await settled(page);
    await screenshot(page, "chats-6-phone-list");

    await item.click();
    await page.waitForURL(`${server.url}/chats/${chat.uuid}`);
    const log = conversation(page);
    await log.getByText("Mensagem 45", { exact: true }).waitFor();
    expect(await page.getByRole("textbox", { name: pt.page.search }).isVisible()).toBe(false);
    // Scrolled to the newest; going up loads the older pages until the first message.
    for (let i = 0; i < 10 && !(await log.getByText("Mensagem 1", { exact: true }).count()); i++) {
      await log.evaluate((el) => el.scrollTo({ top: 0 }));
      await page.waitForTimeout(400);
    }
    await log.getByText("Mensagem 1", { exact: true }).waitFor();
    expect(await log.getByTestId("chat-message").count()).toBe(45);
    await settled(page);
    await screenshot(page, "chats-7-phone-history");

    await page.getByRole("button", { name: pt.page.back }).click();
    await page.waitForURL(`${server.url}/chats`);
    await item.waitFor();
  });
});
