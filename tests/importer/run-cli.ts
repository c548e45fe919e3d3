import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { ImportReport } from "../../tools/importer/report.ts";
import { ADMIN } from "../support/test-kernel.ts";

const CLI = resolve(import.meta.dirname, "../../plugins/main.ts");

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The --json report, when the run wrote one. */
  report: ImportReport | null;
}

/** Runs `bun plugins/main.ts import whaticket <args>` (the server entry, as the binary does) on `dataDir` (Bun's SQL client exists only under Bun), with a --json report. */
export function runImporter(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const reportDir = mkdtempSync(join(tmpdir(), "import-report-"));
  const json = join(reportDir, "report.json");
  return new Promise((done) => {
    execFile(
      process.env.BUN_BIN || "bun",
      [CLI, "import", "whaticket", ...args, "--json", json],
      { env: { ...process.env, DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "silent", ...env }, timeout: 120_000 },
      (err, stdout, stderr) => {
        let report: ImportReport | null = null;
        try {
          report = JSON.parse(readFileSync(json, "utf8")) as ImportReport;
        } catch {}
        rmSync(reportDir, { recursive: true, force: true });
        done({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr, report });
      },
    );
  });
}

/** Fresh target data folders for a test file's imports; `removeAll` (in afterAll) deletes them. */
export function targetDirs(): { fresh(): string; removeAll(): void } {
  const dirs: string[] = [];
  return {
    fresh() {
      const dir = mkdtempSync(join(tmpdir(), "import-target-"));
      dirs.push(dir);
      return dir;
    },
    removeAll() {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
