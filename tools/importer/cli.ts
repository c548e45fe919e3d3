/**
 * The import command: `bun run import:whaticket -- --from postgres://… --media /path/backend/public
 * [--company N] [--dry-run] [--json report.json] [--with-sessions]` (tools/importer/main.ts), and
 * `atendechat import whaticket …` in the single binary (plugins/main.ts and the binary's entry).
 * Boots the kernel on DATA_DIR / DATABASE_URL as the server does (migrations applied), imports,
 * prints the report. Run it while this server is stopped.
 */
import { writeFileSync } from "node:fs";
import { loadConfig } from "../../core/config.ts";
import { createKernel } from "../../core/kernel.ts";
import type { SchemaSnapshotLoader } from "../../core/db/schema-snapshot.ts";
import type { ServerPlugin } from "../../core/plugin/server-plugin.ts";
import { connectProblem } from "./connect-error.ts";
import { formatReport, type ImportReport, newReport } from "./report.ts";
import { runImport } from "./run-import.ts";
import { importSessions, SESSIONS_WARNING } from "./sessions.ts";
import { SourceDb } from "./source.ts";
import { STEPS } from "./steps/all.ts";

const USAGE = `usage: import whaticket --from postgres://user:pass@host:5432/db [--media /path/to/backend/public] [--company N] [--dry-run] [--json report.json] [--page-size 1000] [--with-sessions [--sessions-redis redis://host:6379]]`;

export interface CliOptions {
  from: string;
  media: string | null;
  company: number | null;
  dryRun: boolean;
  json: string | null;
  pageSize: number;
  /** Also bring the WhatsApp session keys (off by default: the old server must be stopped first). */
  withSessions: boolean;
  /** The old server's Redis, where later forks keep the session keys (`sessions:{id}:*`). */
  sessionsRedis: string | null;
}

/** Parses the arguments after `import whaticket`; a problem is a message, never a throw. */
export function parseArgs(argv: readonly string[]): CliOptions | string {
  const o: CliOptions = { from: "", media: null, company: null, dryRun: false, json: null, pageSize: 1000, withSessions: false, sessionsRedis: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new Error(`${a} needs a value`);
      return v;
    };
    try {
      if (a === "--from") o.from = value();
      else if (a === "--media") o.media = value();
      else if (a === "--company") o.company = Number(value());
      else if (a === "--json") o.json = value();
      else if (a === "--page-size") o.pageSize = Number(value());
      else if (a === "--dry-run") o.dryRun = true;
      else if (a === "--with-sessions") o.withSessions = true;
      else if (a === "--sessions-redis") o.sessionsRedis = value();
      else return `unknown option ${a}\n${USAGE}`;
    } catch (err) {
      return `${(err as Error).message}\n${USAGE}`;
    }
  }
  if (!/^(postgres|postgresql|mysql|mariadb):\/\//i.test(o.from)) return `--from must be a postgres:// or mysql:// URL\n${USAGE}`;
  if (o.sessionsRedis !== null && !(o.withSessions && /^rediss?:\/\//i.test(o.sessionsRedis))) return `--sessions-redis needs --with-sessions and a redis:// URL\n${USAGE}`;
  if (o.company !== null && !(Number.isInteger(o.company) && o.company > 0)) return `--company must be a company id\n${USAGE}`;
  if (!(Number.isInteger(o.pageSize) && o.pageSize > 0 && o.pageSize <= 10_000)) return `--page-size must be 1 to 10000\n${USAGE}`;
  return o;
}

/** The URL without its password, for reports and logs. */
export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unreadable URL)";
  }
}

/** Runs the command; answers the exit code (0 done, 1 the run could not start or failed, 2 bad arguments). */
export async function importWhaticket(argv: readonly string[], plugins: readonly ServerPlugin[], schemaSnapshot?: SchemaSnapshotLoader): Promise<number> {
  const parsed = parseArgs(argv);
  if (typeof parsed === "string") {
    console.error(parsed);
    return 2;
  }
  const label = maskUrl(parsed.from);
  if (parsed.withSessions) console.error(SESSIONS_WARNING);
  const finish = (report: ImportReport, code: number) => {
    console.log(formatReport(report));
    if (parsed.withSessions) console.log(SESSIONS_WARNING);
    if (parsed.json) writeFileSync(parsed.json, `${JSON.stringify(report, null, 2)}\n`);
    return code;
  };
  let source: SourceDb;
  try {
    source = await SourceDb.connect(parsed.from);
  } catch (err) {
    const report = newReport(label, parsed.dryRun);
    report.errors.push(`cannot read the source database ${label}: ${connectProblem(err)}`);
    return finish(report, 1);
  }
  const config = loadConfig({ ...process.env, JOBS_POLL_MS: "0", LOG_LEVEL: process.env.LOG_LEVEL || "warn" });
  const kernel = await createKernel({ config, plugins, webAssets: null, schemaSnapshot });
  const stopAfter = Number(process.env.IMPORT_STOP_AFTER_ROWS ?? 0);
  let lastProgress = 0;
  try {
    const report = await runImport(kernel, source, STEPS, {
      sourceLabel: label,
      media: parsed.media,
      company: parsed.company,
      dryRun: parsed.dryRun,
      pageSize: parsed.pageSize,
      progress(line) {
        const now = Date.now();
        if (now - lastProgress < 500) return;
        lastProgress = now;
        process.stderr.write(`\r\x1b[K${line}`);
      },
      afterPage(n) {
        // Tests only: a run killed mid-way, as a crash or Ctrl-C leaves it.
        if (stopAfter > 0 && n >= stopAfter) process.exit(75);
      },
    });
    if (parsed.withSessions) await importSessions(kernel, source, report, { company: parsed.company, dryRun: parsed.dryRun, redisUrl: parsed.sessionsRedis });
    process.stderr.write("\r\x1b[K");
    return finish(report, report.errors.length ? 1 : 0);
  } catch (err) {
    const report = newReport(label, parsed.dryRun);
    report.errors.push(`the import stopped: ${(err as Error).message ?? err}; what was committed stays, run it again to continue`);
    return finish(report, 1);
  } finally {
    await source.close().catch(() => {});
    await kernel.stop();
  }
}

/** `atendechat import whaticket …` (the server's entries load this only for `import`): runs it and exits. */
export async function dispatchImport(argv: readonly string[], plugins: readonly ServerPlugin[], schemaSnapshot?: SchemaSnapshotLoader): Promise<never> {
  if (argv[1] !== "whaticket") {
    console.error(`unknown import source ${argv[1] ?? "(none)"}\n${USAGE}`);
    process.exit(2);
  }
  process.exit(await importWhaticket(argv.slice(2), plugins, schemaSnapshot));
}
