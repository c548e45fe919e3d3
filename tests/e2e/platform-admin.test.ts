import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ADMIN, launchBrowser, screenshot, startServer, type LaunchedBrowser, type RunningServer, signIn as signInAs } from "./support/index.ts";
import plansPt from "../../plugins/plans/web/locales/pt.json" with { type: "json" };
import companiesPt from "../../plugins/companies/web/locales/pt.json" with { type: "json" };
import usersPt from "../../plugins/users/web/locales/pt.json" with { type: "json" };
import usersEn from "../../plugins/users/web/locales/en.json" with { type: "json" };
import settingsPt from "../../plugins/settings/web/locales/pt.json" with { type: "json" };
import commonEn from "../../web/src/i18n/locales/en.json" with { type: "json" };

/**
 * The "done" story, in real Chromium against the real server (bun plugins/main.ts
 * on a fresh data directory): the super admin creates a plan and a company with its
 * admin; that admin signs in from another browser and manages users (live) and settings,
 * and the interface follows the chosen language.
 */
let server: RunningServer;
let superBrowser: LaunchedBrowser;
let ownerBrowser: LaunchedBrowser;

const OWNER = { email: "dono@lojabeta.test", password: "Dono12345" };

const signIn = (page: Page, email: string, password: string) => signInAs(page, server.url, email, password);

async function openSettingsTab(page: Page, name: string) {
  await page.goto(`${server.url}/settings`);
  await page.getByRole("tab", { name }).click();
}

beforeAll(async () => {
  server = await startServer();
  superBrowser = await launchBrowser();
  ownerBrowser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await superBrowser?.close();
  await ownerBrowser?.close();
  await server?.stop();
});

describe("platform administration, end to end", () => {
  it("super admin creates a plan and a company; the company admin manages users and settings, live and translated", async () => {
    // 1. The super admin signs in and creates a plan.
    const sup = await superBrowser.newPage();
    await signIn(sup, ADMIN.email, ADMIN.password);
    await openSettingsTab(sup, plansPt.settingsTab);
    await sup.fill("#plan-name", "Plano Ouro");
    await sup.fill("#plan-users", "5");
    await sup.fill("#plan-connections", "3");
    await sup.fill("#plan-queues", "4");
    await sup.fill("#plan-amount", "99,90");
    await sup.getByRole("button", { name: plansPt.actions.save }).click();
    await sup.getByText(plansPt.messages.saved).first().waitFor();
    await sup.getByRole("cell", { name: "Plano Ouro" }).waitFor();
    await screenshot(sup, "admin-plans");

    // 2. ... and a company on that plan, with its first admin.
    await sup.goto(`${server.url}/companies`);
    await sup.fill("#company-name", "Loja Beta");
    await sup.fill("#company-email", OWNER.email);
    await sup.selectOption("#company-planId", { label: await planOptionLabel(sup, "Plano Ouro") });
    await sup.selectOption("#company-status", "true");
    await sup.fill("#company-password", OWNER.password);
    await sup.getByRole("button", { name: companiesPt.actions.save }).first().click();
    await sup.getByRole("cell", { name: "Loja Beta" }).first().waitFor();
    await screenshot(sup, "admin-companies");

    // 3. The company's admin signs in from another browser.
    const owner = await ownerBrowser.newPage();
    await signIn(owner, OWNER.email, OWNER.password);
    expect(await owner.evaluate(() => localStorage.getItem("token"))).toBeTruthy();

    // 4. Users: create one through the dialog...
    await owner.goto(`${server.url}/users`);
    await owner.getByRole("button", { name: usersPt.add }).click();
    await owner.fill("#user-name", "Maria Atendente");
    await owner.fill("#user-email", "maria@lojabeta.test");
    await owner.fill("#user-password", "Maria12345");
    await owner.getByRole("dialog").getByRole("button", { name: usersPt.dialog.add, exact: true }).click();
    await owner.locator("tbody tr", { hasText: "maria@lojabeta.test" }).waitFor();

    // ... and one created elsewhere appears live, without a reload.
    const token = JSON.parse((await owner.evaluate(() => localStorage.getItem("token"))) as string) as string;
    const created = await fetch(`${server.url}/users`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ name: "João Ao Vivo", email: "joao@lojabeta.test", password: "Joao12345", profile: "user" }),
    });
    expect(created.status).toBe(200);
    const liveRow = owner.locator("tbody tr", { hasText: "joao@lojabeta.test" });
    await liveRow.waitFor({ timeout: 10_000 });
    expect(await liveRow.count()).toBe(1);
    await screenshot(owner, "company-users");

    // The company admin cannot see platform screens.
    const superOnly = await fetch(`${server.url}/plans/all`, { headers: { authorization: `Bearer ${token}`, accept: "application/json" } });
    expect(superOnly.status).toBe(403);

    // 5. Settings: a toggle saves on change and survives a reload.
    await openSettingsTab(owner, settingsPt.tabs.options);
    const toggle = owner.getByRole("switch", { name: settingsPt.options.userRating }).or(owner.getByLabel(settingsPt.options.userRating));
    const before = await toggle.first().isChecked();
    await toggle.first().click({ force: true });
    await owner.getByText(settingsPt.messages.updated).first().waitFor();
    await owner.reload();
    await owner.getByRole("tab", { name: settingsPt.tabs.options }).click();
    await expect.poll(() => owner.getByLabel(settingsPt.options.userRating).first().isChecked()).toBe(!before);
    await screenshot(owner, "company-settings");

    // 6. Translated: switching to English changes the interface.
    await owner.goto(`${server.url}/users`);
    await owner
      .getByRole("button", { name: /idioma|language/i })
      .first()
      .click();
    await owner
      .getByRole("menuitem", { name: commonEn.languages.en })
      .or(owner.getByText(/English|Inglês/))
      .first()
      .click();
    await owner.getByRole("button", { name: usersEn.add }).waitFor();
    expect(await owner.evaluate(() => localStorage.getItem("language"))).toBe("en");
    await owner.getByRole("menu").waitFor({ state: "hidden" });
    await owner.mouse.move(0, 0);
    await screenshot(owner, "readme-users");
  }, 180_000);
});

/** The plan select shows the plan's name (maybe with its price); find the option that starts with it. */
async function planOptionLabel(page: Page, name: string): Promise<string> {
  const labels = await page.locator("#company-planId option").allTextContents();
  const found = labels.find((l) => l.trim().startsWith(name));
  if (!found) throw new Error(`no plan option for ${name}: ${labels.join(" | ")}`);
  return found;
}
