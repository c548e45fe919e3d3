import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callApi, launchBrowser, login, ROOT, screenshot, settled, signIn, startServer, type LaunchedBrowser, type RunningServer } from "./support/index.ts";

/**
 * The shell's top bar on a phone: at 390 px (and 320 px) the right group (the plugins' chat,
 * announcements, notifications and volume buttons, and the user menu) sits beside the logo
 * without running over it, and the shell's own buttons (refresh, theme, language) are in the
 * user menu; on a wide screen they are back in the bar.
 */
let server: RunningServer;
let browser: LaunchedBrowser;
/** Browsers a test opens for itself, closed after it whatever happens. */
const extra: LaunchedBrowser[] = [];
const PASSWORD = "Segredo123!";

beforeAll(async () => {
  const webDist = process.env.WEB_DIST || join(ROOT, "web/dist");
  if (!existsSync(join(webDist, "index.html"))) throw new Error(`${webDist}/index.html is missing: run \`bun run build:web\` first`);
  server = await startServer();
  const { token } = await login(server.url);
  await callApi(server.url, "/users", token, {
    method: "POST",
    body: { name: "Maria Aparecida dos Santos Cavalcanti", email: "maria@empresa.test", password: PASSWORD, profile: "user" },
  });
  browser = await launchBrowser({ viewport: { width: 390, height: 780 } });
}, 120_000);

afterEach(async () => {
  for (const b of extra.splice(0)) await b.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The boxes of the logo, the two groups and every visible control of the right group. */
async function topBarBoxes(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | null): Box | null => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const right = document.querySelector(".app-topbar-right");
    const controls = [...(right?.querySelectorAll("button, .bp6-tag") ?? [])].filter((el) => !el.closest("[hidden]") && el.getBoundingClientRect().width > 0);
    return {
      bar: box(document.querySelector(".app-topbar")),
      brand: box(document.querySelector(".app-topbar-brand")),
      menuButton: box(document.querySelector(".app-topbar-left button")),
      right: box(right),
      controls: controls.map((el) => ({ label: el.getAttribute("aria-label") ?? el.textContent ?? "", ...box(el)! })),
      width: document.documentElement.clientWidth,
    };
  });
}

/** Waits until the lazily loaded plugins' buttons stop arriving in the right group. */
async function topBarReady(page: Page): Promise<void> {
  await page.locator(".app-topbar-right").waitFor();
  let last = -1;
  for (let i = 0; i < 20; i++) {
    const count = await page.locator(".app-topbar-right button").count();
    if (count === last) break;
    last = count;
    await page.waitForTimeout(300);
  }
  await settled(page);
}

async function expectFits(page: Page): Promise<void> {
  const b = await topBarBoxes(page);
  const { brand, right, bar, menuButton } = b;
  if (!brand || !right || !bar || !menuButton) throw new Error(`top bar not rendered: ${JSON.stringify(b)}`);
  // The logo and the right group do not overlap; the right group ends inside the screen.
  expect(brand.right, JSON.stringify(b)).toBeLessThanOrEqual(right.left);
  expect(right.right).toBeLessThanOrEqual(b.width);
  // The whole mark shows (not clipped): at least its 28 px beside the menu button.
  expect(brand.right - brand.left).toBeGreaterThanOrEqual(28);
  expect(menuButton.left).toBeGreaterThanOrEqual(0);
  // Every control of the right group is on screen, inside the bar, and none covers the logo.
  expect(b.controls.length).toBeGreaterThanOrEqual(2);
  for (const c of b.controls) {
    expect(c.left, c.label).toBeGreaterThanOrEqual(brand.right);
    expect(c.right, c.label).toBeLessThanOrEqual(b.width);
    expect(c.top, c.label).toBeGreaterThanOrEqual(bar.top);
    expect(c.bottom, c.label).toBeLessThanOrEqual(bar.bottom);
  }
}

describe("the top bar on a phone", () => {
  it("at 390 px the admin's bar fits beside the logo; refresh, theme and language are in the user menu", async () => {
    const page = await browser.newPage();
    await signIn(page, server.url);
    await topBarReady(page);
    await expectFits(page);
    const bar = page.locator(".app-topbar");
    expect(await bar.getByRole("button", { name: "Atualizar", exact: true }).count()).toBe(0);
    await screenshot(page, "topbar-1-phone-admin");

    await page.getByRole("button", { name: "Menu do usuário" }).click();
    // By its place, not its name: the name changes with the language below.
    const menu = page.locator(".app-dropdown-panel [role=menu]");
    await menu.getByText("Atualizar").waitFor();
    const panel = await menu.boundingBox();
    expect(panel!.x).toBeGreaterThanOrEqual(0);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(390);
    await menu.getByText("Usar tema escuro").click();
    await page.locator(".bp6-dark").first().waitFor();
    await screenshot(page, "topbar-2-phone-menu-dark");
    // Choosing a language closes the menu; the bar (English labels, dark) still fits.
    await menu.getByText("English").click();
    await page.getByRole("button", { name: "User menu" }).waitFor();
    await expectFits(page);
    await page.getByRole("button", { name: "User menu" }).click();
    await menu.getByText("Refresh").waitFor();
    await page.keyboard.press("Escape");
    await screenshot(page, "topbar-3-phone-english-dark");
  });

  it("at 390 px a plain user with a long name, and at 320 px, the bar still fits", async () => {
    // A browser of her own: one profile holds one session.
    const phone = await launchBrowser({ viewport: { width: 390, height: 780 } });
    extra.push(phone);
    const page = await phone.newPage();
    await signIn(page, server.url, "maria@empresa.test", PASSWORD);
    await topBarReady(page);
    await expectFits(page);
    await screenshot(page, "topbar-4-phone-user");
    await page.setViewportSize({ width: 320, height: 640 });
    await settled(page);
    await expectFits(page);
    await screenshot(page, "topbar-5-phone-320");
  });

  it("on a wide screen the bar keeps its own buttons, the app's name and the user's", async () => {
    const wide = await launchBrowser({ viewport: { width: 1280, height: 800 } });
    extra.push(wide);
    const page = await wide.newPage();
    await signIn(page, server.url);
    await topBarReady(page);
    await expectFits(page);
    const bar = page.locator(".app-topbar");
    for (const name of ["Atualizar", "Idioma"]) expect(await bar.getByRole("button", { name }).isVisible()).toBe(true);
    expect(await bar.locator(".app-brand-name").isVisible()).toBe(true);
    expect(await bar.locator(".app-user-name").isVisible()).toBe(true);
    await screenshot(page, "topbar-6-wide");
  });
});
