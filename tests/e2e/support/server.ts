import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { get as httpGet } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** The repository root, where `bun plugins/main.ts` runs. */
export const ROOT = resolve(import.meta.dirname, "../../..");
/** The seeded super admin every harness server starts with. */
export const ADMIN = { email: "admin@admin.com", password: "Admin123!" };

export interface StartOptions {
  /** Extra environment for the server (wins over the harness's defaults). */
  env?: Record<string, string>;
  /** The command that runs the server; defaults to `bun plugins/main.ts` (BUN_BIN overrides `bun`). */
  command?: string[];
  /** Where the command runs (defaults to the repository root). */
  cwd?: string;
  /** Reuse a data directory (e.g. to restart on the same data); a fresh temp folder otherwise. */
  dataDir?: string;
  /** Keep the data directory on stop (a restart test needs it). */
  keepData?: boolean;
  /** How long to wait for the first 200 from /version. */
  timeoutMs?: number;
  /** How often to ask /version while waiting (benchmarks ask often). */
  pollMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then SIGKILL after 5 s; removes the data directory unless keepData. */
  stop(): Promise<void>;
}

/** A TCP port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });
}

/** Waits until `url` answers 200, failing early when `alive()` turns false. */
export async function waitFor200(url: string, timeoutMs: number, alive: () => boolean = () => true, intervalMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`the server exited before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (${last})`);
}

/**
 * Spawns the real server on a free loopback port with a temp DATA_DIR and the known
 * super admin password, and resolves once GET /version answers 200.
 * @example const server = await startServer(); ...; await server.stop();
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "atende-e2e-"));
  const [cmd, ...args] = options.command ?? [process.env.BUN_BIN || "bun", "plugins/main.ts"];
  const child = spawn(cmd!, args, {
    cwd: options.cwd ?? ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_RATE_LIMIT: "1000",
      // Harness servers never reach Meta (a closed loopback port unless a test says otherwise).
      META_GRAPH_URL: "http://127.0.0.1:9/v21.0",
      // Webhook receivers stand in on loopback, which production refuses by default.
      ALLOWED_INTERNAL_HOSTS: "127.0.0.0/8",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  let exited = false;
  const exit = new Promise<void>((r) => child.once("exit", () => ((exited = true), r())));
  child.once("error", (err) => ((exited = true), (output += `\nspawn failed: ${err.message}`)));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exit;
      clearTimeout(killer);
    }
    if (!options.keepData && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor200(`${url}/version`, options.timeoutMs ?? 60_000, () => !exited, options.pollMs);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n--- server output ---\n${output}`);
  }
  return { url, port, dataDir, process: child, output: () => output, stop };
}

/** Logs in over HTTP; returns the access token, the refresh cookie and the session user. */
export async function login(url: string, email = ADMIN.email, password = ADMIN.password) {
  const res = await fetch(`${url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token?: string; user?: { id: number; companyId: number } & Record<string, unknown>; error?: string };
  if (res.status !== 200 || !body.token || !body.user) throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
  return { token: body.token, user: body.user, cookie: (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "" };
}

/**
 * GETs a URL the way a browser navigation does (Accept: text/html, Sec-Fetch-Mode: navigate).
 * Uses node:http because fetch sets its own Sec-Fetch-Mode (cors), which the server rightly
 * treats as an API call.
 */
export function navigate(url: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { headers: { accept: "text/html,application/xhtml+xml", "sec-fetch-mode": "navigate" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), body }));
    });
    req.on("error", reject);
  });
}
