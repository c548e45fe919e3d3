import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { conversation, type Conversation, receive } from "./messages.fixtures.ts";

/**
 * The transcription URL is the company's: the call goes through the kernel's SSRF guard
 * each time (a stored value, or DNS, may have changed since it was saved), and redirects
 * are never followed. Only loopback stand-ins; no real DNS.
 */
let c: Conversation;
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
  await c.t.close();
});

/** A loopback stand-in that counts requests and answers with `answer(port)`. */
async function standIn(answer: () => { status: number; headers?: Record<string, string>; body?: string }) {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? "");
    req.resume();
    req.on("end", () => {
      const { status, headers, body } = answer();
      res.writeHead(status, headers).end(body ?? "");
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

/** A conversation with a received audio message, the company's URL stored straight in the kernel store (no save-time check). */
async function audioWithUrl(url: string, env?: Record<string, string>) {
  c = await conversation(env);
  const audio = await receive(c.t, {
    companyId: c.a.company.id,
    whatsappId: c.connection.id,
    providerId: "audio-1",
    from: { number: "5511987654321" },
    media: { mimetype: "audio/ogg", fileName: "voz.ogg", data: new Uint8Array(1_000).fill(7) },
  });
  await c.t.kernel.settings.setCompany(c.a.company.id, "transcriptionApiUrl", url);
  await c.t.kernel.settings.setCompany(c.a.company.id, "transcriptionApiKey", "sk-test-key");
  const name = audio.message.mediaUrl!.split("/").pop()!;
  return () => c.t.call("GET", `/messages/transcribeAudio/${encodeURIComponent(name)}`, { token: c.a.token });
}

describe("transcription SSRF guard: security", () => {
  it("a stored URL pointing at loopback is refused at call time, before any connection", async () => {
    const internal = await standIn(() => ({ status: 200, body: JSON.stringify({ text: "internal" }) }));
    const transcribe = await audioWithUrl(`${internal.url}/v1`, { ALLOWED_INTERNAL_HOSTS: "" });
    const res = await transcribe();
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: "ERR_TRANSCRIPTION_FAILED", reason: expect.stringMatching(/^Forbidden address \(loopback\)/) });
    expect(internal.hits).toEqual([]);
  });

  it("a redirect from the service is not followed", async () => {
    const internal = await standIn(() => ({ status: 200, body: JSON.stringify({ text: "internal" }) }));
    const bouncer = await standIn(() => ({ status: 307, headers: { location: `${internal.url}/v1/audio/transcriptions` } }));
    const transcribe = await audioWithUrl(`${bouncer.url}/v1`); // the test kernel allows loopback
    const res = await transcribe();
    expect(res.body).toEqual({ error: "ERR_TRANSCRIPTION_FAILED", status: 307 });
    expect(bouncer.hits).toEqual(["/v1/audio/transcriptions"]);
    expect(internal.hits).toEqual([]);
  });
});
