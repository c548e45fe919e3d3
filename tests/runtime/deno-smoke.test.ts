import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, login, startServer, type RunningServer } from "../e2e/support/server.ts";
import { connectCompany, nextEvent, refusal } from "./realtime-client.ts";

/** Deno comes from npm like everything else (pinned); DENO_BIN points at another one. */
const DENO_PACKAGE = "deno@2.9.6";

/** The Deno executable itself, so the test can signal it directly rather than through npx. */
function denoExecutable(): string {
  if (process.env.DENO_BIN) return process.env.DENO_BIN;
  const out = execFileSync("npx", ["-y", DENO_PACKAGE, "eval", "console.log(Deno.execPath())"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
    timeout: 180_000,
  });
  return out.trim().split("\n").pop()!.trim();
}

/**
 * `deno run -A plugins/main.ts` on the node_modules Bun installed: Deno 2 reads package.json
 * and that folder as they are, and serves through its node:http layer (core/runtime/serve-node.ts).
 */
describe("Deno runtime smoke", () => {
  let server: RunningServer;

  beforeAll(async () => {
    const deno = denoExecutable();
    server = await startServer({ command: [deno, "run", "-A", "plugins/main.ts"], timeoutMs: 90_000 });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("runs under Deno", () => {
    expect(server.output()).toContain("Listening on");
  });

  it("answers /version and logs in", async () => {
    const res = await fetch(`${server.url}/version`);
    expect(await res.json()).toEqual({ version: expect.any(String) });
    const { token, user } = await login(server.url);
    expect(user.email).toBe(ADMIN.email);
    const me = await fetch(`${server.url}/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
  });

  it("serves authenticated realtime on the same port", async () => {
    const { token, user } = await login(server.url);
    expect(await refusal(connectCompany(server.url, user.companyId, undefined))).toBe("ERR_SESSION_EXPIRED");
    const socket = await connectCompany(server.url, user.companyId, token);
    try {
      const event = nextEvent(socket, `company-${user.companyId}-auth`);
      await login(server.url);
      expect(await event).toMatchObject({ action: "update" });
    } finally {
      socket.close();
    }
  });
});
