import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, type Config } from "../../core/config.ts";
import { createKernel, type Kernel } from "../../core/kernel.ts";
import type { HostResolver } from "../../core/net/outbound-guard.ts";
import type { ServerPlugin } from "../../core/plugin/server-plugin.ts";
import { loadSchemaSnapshot, serverPlugins } from "../../plugins/server.ts";

/** The installed plugins, for tests that add a not-yet-registered plugin to them. */
export { serverPlugins };

export const ADMIN = { email: "admin@admin.com", password: "Admin123!" };

/** Resolves `localhost` only: any other name is "not found" without asking DNS. */
export const loopbackResolver: HostResolver = async (name) => {
  if (name === "localhost") return ["127.0.0.1"];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" });
};

export interface TestKernel {
  kernel: Kernel;
  dataDir: string;
  /** Calls the real HTTP app. `body` objects go as JSON, FormData as multipart; the peer is 127.0.0.1 unless `remoteAddress` says otherwise. */
  call(method: string, path: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string>; remoteAddress?: string }): Promise<TestResponse>;
  /** Logs in and returns the access token (and the refresh cookie). */
  login(email?: string, password?: string): Promise<{ token: string; cookie: string; user: Record<string, any> }>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  body: any;
  headers: Headers;
}

/**
 * A fresh kernel on a fresh libSQL file in a temp folder, with every installed plugin
 * (or the ones given), the super admin seeded with a known password, jobs not polling
 * (tests run them with `kernel.jobs.runDue()`), and logs silenced.
 */
export async function createTestKernel(
  options: {
    plugins?: readonly ServerPlugin[];
    env?: Record<string, string>;
    /** The outbound guard's resolver; the default knows only `localhost`, so no test resolves a real name. */
    resolveHost?: HostResolver;
    /** Boot on this folder's data instead of a fresh one: a restart (stop the other kernel first, `kernel.stop()`). */
    dataDir?: string;
  } = {},
): Promise<TestKernel> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "atende-test-"));
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JOBS_POLL_MS: "0",
    LOG_LEVEL: "silent",
    LOGIN_RATE_LIMIT: "1000",
    // Tests never reach Meta: a closed loopback port unless a test starts its Graph stand-in.
    META_GRAPH_URL: "http://127.0.0.1:9/v21.0",
    // Webhook receivers and other stand-ins listen on loopback. Production's default is
    // strict; SSRF tests pass ALLOWED_INTERNAL_HOSTS: "" to get that default back.
    ALLOWED_INTERNAL_HOSTS: "127.0.0.0/8",
    ...options.env,
  });
  const kernel = await createKernel({
    config,
    plugins: options.plugins ?? serverPlugins,
    webAssets: null,
    resolveHost: options.resolveHost ?? loopbackResolver,
    // Ignored, and the migrations run, when the plugins are not the installed ones.
    schemaSnapshot: loadSchemaSnapshot,
  });

  const call: TestKernel["call"] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["content-type"] = "application/json";
    }
    const res = await kernel.app.request(path, { method, headers, body }, { remoteAddress: opts.remoteAddress ?? "127.0.0.1" });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: res.status, body: parsed, headers: res.headers };
  };

  return {
    kernel,
    dataDir,
    call,
    async login(email = ADMIN.email, password = ADMIN.password) {
      const res = await call("POST", "/auth/login", { body: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
      return { token: res.body.token, cookie, user: res.body.user };
    },
    async close() {
      await kernel.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
