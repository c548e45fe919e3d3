import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_FILE } from "../../openapi/document.ts";
import { createWhatsappPlugin } from "../../plugins/whatsapp/server/index.ts";
import { FakeWaBoundary } from "../../plugins/whatsapp/server/testing/fake-wa-socket.ts";
import { createTestKernel, serverPlugins, type TestKernel } from "../support/test-kernel.ts";
import { createFuzzWorld, type FuzzWorld, type Principal } from "./fuzz-fixtures.ts";
import { operationsOf, requestsFor, type FuzzOperation, type FuzzRequest } from "./fuzz-plan.ts";
import { seededRandom } from "./seeded-random.ts";
import type { OpenApiDoc } from "./schema-values.ts";

/**
 * Every operation of openapi/openapi.json, called by a company admin, the super user
 * and an anonymous caller (and the API channel's connection on its own routes) with
 * malformed path parameters, queries and bodies built from the documented schemas.
 * No input may crash the server: a 500, or any 5xx that is not an `{ error: "ERR_…" }`
 * JSON answer (a 502/503 names an unreachable upstream), fails the run and names the
 * operation, caller and input. One seed: every run sends the same requests.
 * `FUZZ_LOG=error` prints the server's stack trace of each crash.
 */
const SEED = 11;
const doc = JSON.parse(readFileSync(OPENAPI_FILE, "utf8")) as OpenApiDoc;
/** Served by the root app outside the API description, and just as open to input. */
const undocumented: FuzzOperation[] = [{ method: "get", path: "/public/{file}", op: { parameters: [{ name: "file", in: "path", required: true }] } }];
let t: TestKernel;
let world: FuzzWorld;

beforeAll(async () => {
  // WhatsApp sessions talk to an in-memory phone, never to the network; the API channel's
  // webhook points at a closed loopback port (allowed where outbound URLs are checked).
  const whatsapp = createWhatsappPlugin({ boundary: new FakeWaBoundary() });
  t = await createTestKernel({
    plugins: serverPlugins.map((p) => (p.manifest.id === "whatsapp" ? whatsapp : p)),
    env: { ALLOWED_INTERNAL_HOSTS: "127.0.0.1", LOG_LEVEL: process.env.FUZZ_LOG ?? "silent" },
  });
  world = await createFuzzWorld(t);
}, 60_000);
afterAll(() => t.close());

async function send(request: FuzzRequest, token: string | null) {
  const headers: Record<string, string> = { accept: "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.contentType) headers["content-type"] = request.contentType;
  // A string body would get a text/plain type from fetch; bytes go without one.
  const body = typeof request.body === "string" && !request.contentType ? new TextEncoder().encode(request.body) : request.body;
  const res = await t.kernel.app.request(request.url, { method: request.method, headers, body }, { remoteAddress: "127.0.0.1" });
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
}

/**
 * A 5xx is acceptable only as a clear `ERR_*` answer other than ERR_INTERNAL (502/503: an upstream
 * is unreachable), or as a status the operation itself documents (`/ready`'s 503 while starting).
 */
function crashed(res: { status: number; type: string; text: string }, documented: readonly string[] = []): boolean {
  if (res.status === 500) return true;
  if (res.status < 500) return false;
  if (documented.includes(String(res.status)) && res.type.includes("json")) return false;
  try {
    return !res.type.includes("json") || !/^ERR_/.test((JSON.parse(res.text) as { error?: unknown }).error as string);
  } catch {
    return true;
  }
}

describe("fuzzing every documented operation", () => {
  it("answers malformed paths, queries and bodies without a 5xx crash", async () => {
    const rng = seededRandom(SEED);
    const failures: string[] = [];
    const statuses: Record<string, number> = {};
    let sent = 0;
    for (const target of [...undocumented, ...operationsOf(doc)]) {
      const callers: Principal[] = [...world.principals];
      if (/^\/channels\/api\/(inbound|events)$/.test(target.path)) callers.push({ ...world.principals[0]!, name: "channel", token: world.channelToken });
      for (const who of callers) {
        for (const request of requestsFor(doc, target, who, rng)) {
          const res = await send(request, who.token);
          sent++;
          const bucket = `${Math.floor(res.status / 100)}xx`;
          statuses[bucket] = (statuses[bucket] ?? 0) + 1;
          if (crashed(res, Object.keys(target.op.responses ?? {})))
            failures.push(`${request.method} ${target.path} as ${who.name} [${request.label}] ${request.url.slice(0, 120)} -> ${res.status} ${res.text.slice(0, 160)}`);
        }
      }
    }
    expect(failures, `${failures.length} crashes in ${sent} requests`).toEqual([]);
    // The fixtures let real calls through: plenty of answers are successes, not just refusals.
    expect(statuses["2xx"] ?? 0).toBeGreaterThan(200);
    expect(sent).toBeGreaterThan(10_000);
  }, 150_000);
});
