import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runImporter } from "../importer/run-cli.ts";
import { SEEDED, type SourceFixture, startSource } from "../importer/source-fixture.ts";
import { launchBrowser, screenshot, settled, signIn, startServer, type LaunchedBrowser, type RunningServer } from "./support/index.ts";
import { gradientPng } from "./support/png.ts";
import conversationPt from "../../plugins/tickets/web/locales/conversation/pt.json" with { type: "json" };
import quickPt from "../../plugins/quick-messages/web/locales/pt.json" with { type: "json" };

/**
 * Issue 31 in real Chromium: a Whaticket-family database (PGlite over the wire) imported by the
 * command into a fresh data folder, the real server started on it; the shop's owner signs in
 * with her OLD password, opens the imported ticket and reads its history (the quoted answer,
 * the photo copied from the old `public/` folder), then the imported quick replies.
 */
const TICKET = "6f1c1f0e-9a55-4d7e-8f59-1b0d4a9f0a01";
let source: SourceFixture;
let dataDir: string;
let server: RunningServer;
let browser: LaunchedBrowser;

beforeAll(async () => {
  source = await startSource();
  // A real image under the old name, so the browser draws it (the fixture's bytes are a stub).
  writeFileSync(join(source.mediaDir, "company2", SEEDED.media.file), gradientPng(240, 160, [30, 120, 220], [250, 180, 40]));
  dataDir = mkdtempSync(join(tmpdir(), "import-e2e-"));
  const run = await runImporter(dataDir, ["--from", source.url, "--media", source.mediaDir]);
  if (run.code !== 0) throw new Error(`import failed (${run.code}):\n${run.stdout}\n${run.stderr}`);
  server = await startServer({ dataDir });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await source?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("whaticket import, in the browser", () => {
  it("the old owner signs in with the old password, reads the imported ticket with its quote and photo, and finds the quick replies", async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, SEEDED.owner.email, SEEDED.owner.password);

    await page.goto(`${server.url}/tickets/${TICKET}`);
    const log = page.getByTestId("message");
    await log.filter({ hasText: "Olá, preciso de ajuda" }).first().waitFor({ timeout: 20_000 });
    const answer = log.filter({ hasText: "Claro! Em que posso ajudar?" });
    await answer.waitFor();
    // The answer quotes the question (provider ids and the quote came over).
    const quote = answer.getByRole("button", { name: conversationPt.conversation.message.goToQuoted });
    await quote.waitFor();
    expect(await quote.textContent()).toContain("Olá, preciso de ajuda");
    // The photo, copied from public/company2/ into our storage, loads and is drawn.
    const img = page.locator("img.msg-image");
    await img.waitFor();
    expect(await img.getAttribute("src")).toMatch(/\/public\/company\d+\/[A-Za-z0-9_-]{21}\.jpg/);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(240);
    // The attachment whose file was missing on the old server still shows its name.
    await log.filter({ hasText: "contrato.pdf" }).first().waitFor();
    await settled(page);
    await screenshot(page, "importer-1-ticket-history");

    await page.goto(`${server.url}/quick-messages`);
    await page.getByRole("heading", { name: quickPt.title }).first().waitFor();
    await page.getByText("Olá! Em que posso ajudar?").first().waitFor();
    await page.getByText("Nossa chave PIX é…").first().waitFor();
    await settled(page);
    await screenshot(page, "importer-2-quick-replies");
  }, 120_000);
});
