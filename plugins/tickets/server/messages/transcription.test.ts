import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../../tests/support/fixtures.ts";
import { conversation, type Conversation, receive } from "./messages.fixtures.ts";

/** A stand-in for the speech-to-text API, on the loopback interface only. */
interface Seen {
  auth: string | undefined;
  path: string | undefined;
  model: string | null;
  fileName: string | null;
  size: number;
}
let server: Server;
let baseUrl: string;
let seen: Seen[];
let answer: { status: number; body: string };

beforeEach(async () => {
  seen = [];
  answer = { status: 200, body: JSON.stringify({ text: "olá, quero um orçamento" }) };
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (ch: Buffer) => chunks.push(ch));
    req.on("end", async () => {
      const form = await new Response(Buffer.concat(chunks), { headers: { "content-type": String(req.headers["content-type"]) } }).formData();
      const f = form.get("file");
      seen.push({
        auth: req.headers.authorization,
        path: req.url,
        model: form.get("model") as string | null,
        fileName: f instanceof File ? f.name : null,
        size: f instanceof File ? f.size : 0,
      });
      res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await c.t.close();
});

let c: Conversation;
async function withAudio(configure = true) {
  c = await conversation();
  const audio = await receive(c.t, {
    companyId: c.a.company.id,
    whatsappId: c.connection.id,
    providerId: "audio-1",
    from: { number: "5511987654321" },
    media: { mimetype: "audio/ogg", fileName: "voz.ogg", data: new Uint8Array(12_000).fill(7) },
  });
  if (configure) {
    await c.t.kernel.settings.setCompany(c.a.company.id, "transcriptionApiUrl", baseUrl);
    await c.t.kernel.settings.setCompany(c.a.company.id, "transcriptionApiKey", "sk-test-key");
  }
  return audio.message.mediaUrl!.split("/").pop()!;
}
const transcribe = (name: string, token = c.a.token) => c.t.call("GET", `/messages/transcribeAudio/${encodeURIComponent(name)}`, { token });

describe("transcription: happy", () => {
  it("posts the received audio with the model and the bearer key, and answers the text", async () => {
    const name = await withAudio();
    const res = await transcribe(name);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ transcribedText: "olá, quero um orçamento" });
    expect(seen).toEqual([{ auth: "Bearer sk-test-key", path: "/v1/audio/transcriptions", model: "whisper-1", fileName: name, size: 12_000 }]);
  });

  it("uses the company's model and falls back to the platform key", async () => {
    const name = await withAudio(false);
    await c.t.kernel.settings.setCompany(c.a.company.id, "transcriptionApiUrl", `${baseUrl}/`);
    await c.t.kernel.settings.setCompany(c.a.company.id, "transcriptionModel", "whisper-large");
    await c.t.kernel.settings.setGlobal(1, "openaikeyaudio", "sk-platform");
    expect((await transcribe(name)).status).toBe(200);
    expect(seen[0]).toMatchObject({ auth: "Bearer sk-platform", model: "whisper-large", path: "/v1/audio/transcriptions" });
  });
});

describe("transcription: errors", () => {
  it("a path that is not an .ogg file name is 'unexpected audio URL format'", async () => {
    await withAudio();
    for (const name of ["voz.mp3", "../company1/x.ogg", "a b.ogg"]) {
      const res = await transcribe(name);
      expect(res.status, name).toBe(400);
      expect(res.body).toEqual({ error: "ERR_VALIDATION", fields: { file: "unexpected audio URL format" } });
    }
    expect(seen).toHaveLength(0);
  });

  it("only received audio of the company: unknown files and sent audio are not found", async () => {
    await withAudio();
    expect((await transcribe("naoexiste.ogg")).status).toBe(404);
    const form = new FormData();
    form.append("medias", new File([new Uint8Array(100)], "minha.ogg", { type: "audio/ogg" }));
    const mine = await c.t.call("POST", `/messages/${c.ticket.id}`, { token: c.a.token, body: form });
    expect((await transcribe(mine.body[0].mediaUrl.split("/").pop())).status).toBe(404);
    expect(seen).toHaveLength(0);
  });

  it("another company's audio is not found; a user who may not open the ticket is refused", async () => {
    const name = await withAudio();
    const beta = await createCompanyWithAdmin(c.t, "Beta");
    expect((await transcribe(name, beta.token)).status).toBe(404);
    const plain = await createUser(c.t, c.a.company.id);
    expect((await transcribe(name, plain.token)).status).toBe(403);
    expect(seen).toHaveLength(0);
  });

  it("without a key: ERR_NO_SETTING_FOUND", async () => {
    const name = await withAudio(false);
    expect((await transcribe(name)).body).toMatchObject({ error: "ERR_NO_SETTING_FOUND", setting: "transcriptionApiKey" });
  });

  it("a failing or odd answer from the service is ERR_TRANSCRIPTION_FAILED", async () => {
    const name = await withAudio();
    answer = { status: 500, body: JSON.stringify({ error: { message: "boom" } }) };
    expect((await transcribe(name)).body).toEqual({ error: "ERR_TRANSCRIPTION_FAILED", status: 500 });
    answer = { status: 200, body: JSON.stringify({ text: 42 }) };
    expect((await transcribe(name)).status).toBe(502);
    answer = { status: 200, body: "not json" };
    expect((await transcribe(name)).status).toBe(502);
    await c.t.kernel.settings.setCompany(c.a.company.id, "transcriptionApiUrl", "http://127.0.0.1:9/v1");
    expect((await transcribe(name)).body.error).toBe("ERR_TRANSCRIPTION_FAILED");
  });

  it("the key is never listed by the settings routes", async () => {
    await withAudio();
    const plain = await createUser(c.t, c.a.company.id);
    for (const token of [c.a.token, plain.token]) {
      const all = await c.t.call("GET", "/settings", { token });
      expect(JSON.stringify(all.body)).not.toContain("sk-test-key");
      const company = await c.t.call("GET", `/companySettings/${c.a.company.id}`, { token });
      expect(JSON.stringify(company.body)).not.toContain("sk-test-key");
    }
  });
});
