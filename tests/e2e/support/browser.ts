import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

/** Where screenshots go (README's picture is one of them). */
export const SCREENSHOTS = resolve(import.meta.dirname, "../screenshots");

/**
 * Flags for a sandboxed, offline machine: no GPU, no /dev/shm, and no background
 * networking (this machine refuses outside connections, and Chromium would keep trying).
 */
export const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"];

export interface LaunchedBrowser {
  context: BrowserContext;
  /** Opens a new tab. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Debian's Chromium (CHROMIUM_PATH overrides /usr/bin/chromium) driven by playwright-core,
 * with a fresh profile folder removed on close. No browser download ever happens.
 * @example const browser = await launchBrowser(); const page = await browser.newPage();
 */
export async function launchBrowser(options: { viewport?: { width: number; height: number }; locale?: string } = {}): Promise<LaunchedBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), "atende-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: options.viewport ?? { width: 1366, height: 800 },
    locale: options.locale,
  });
  return {
    context,
    newPage: () => context.newPage(),
    async close() {
      await context.close().catch(() => {});
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Waits (up to 2 s; spinners never end) until CSS transitions finish: a dialog still opening moves under a click. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"), undefined, { timeout: 2_000 }).catch(() => {});
}

/** Saves a full-page PNG as tests/e2e/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name.replace(/[^a-z0-9._-]+/gi, "-")}.png`);
  // A picture never catches a dialog or a toast half faded.
  await settled(page);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export type { Browser, Page };
