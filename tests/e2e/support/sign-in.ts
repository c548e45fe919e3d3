import type { Page } from "playwright-core";
import { ADMIN } from "./server.ts";

/** Signs in through the real login page (the seeded super admin unless told) and waits for the home page. */
export async function signIn(page: Page, baseUrl: string, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.waitForURL(/\/login$/);
  await page.fill("#login-email", email);
  await page.fill("#login-password", password);
  await page.press("#login-password", "Enter");
  await page.waitForURL((url) => url.pathname === "/");
}
