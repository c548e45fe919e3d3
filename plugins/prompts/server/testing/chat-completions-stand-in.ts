import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What a test makes the stand-in do with the next requests. */
export type StandInBehaviour =
  /** Answers the text (an OpenAI chat completion with usage). */
  | { kind: "reply"; text: (request: ReceivedChat) => string }
  | { kind: "status"; status: number }
  /** Never answers (the caller's timeout must end it). */
  | { kind: "hang" }
  | { kind: "malformed" }
  /** A body of about `bytes` bytes, valid JSON. */
  | { kind: "huge"; bytes: number };

/** What the stand-in's `/audio/transcriptions` answers: the text, or a failure status. */
export type TranscriptionBehaviour = { kind: "text"; text: string } | { kind: "status"; status: number };

export interface ReceivedTranscription {
  authorization: string | undefined;
  model: string;
  fileName: string;
  /** The audio's bytes, as received. */
  bytes: Buffer;
}

export interface ReceivedChat {
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[]; max_tokens: number; temperature: number };
}

/**
 * An OpenAI-compatible `POST /v1/chat/completions` on loopback (the documented request and
 * response shapes: `model`, `messages`, `max_tokens`, `temperature`; `choices[0].message.content`,
 * `usage`) and `POST /v1/audio/transcriptions` (multipart `file` + `model`; `{ text }`).
 * Records every request so a test asserts what the product sent.
 * @example
 *   const ai = await chatCompletionsStandIn();
 *   ai.behave({ kind: "reply", text: () => "Olá!" });
 *   // OPENAI_API_URL = ai.url
 */
export async function chatCompletionsStandIn() {
  const received: ReceivedChat[] = [];
  const transcriptions: ReceivedTranscription[] = [];
  let behaviour: StandInBehaviour = { kind: "reply", text: () => "ok" };
  let transcription: TranscriptionBehaviour = { kind: "text", text: "transcrito" };
  const transcribe = async (req: IncomingMessage, res: ServerResponse, raw: Buffer) => {
    const form = await new Request("http://stand-in/", { method: "POST", headers: { "content-type": req.headers["content-type"] ?? "" }, body: new Uint8Array(raw) })
      .formData()
      .catch(() => null);
    const file = form?.get("file");
    if (!form || !(file instanceof File)) return void res.writeHead(400).end();
    transcriptions.push({ authorization: req.headers.authorization, model: String(form.get("model")), fileName: file.name, bytes: Buffer.from(await file.arrayBuffer()) });
    if (transcription.kind === "status") return void res.writeHead(transcription.status).end();
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ text: transcription.text }));
  };
  const hanging = new Set<ServerResponse>();
  const handle = (req: IncomingMessage, res: ServerResponse, bytes: Buffer) => {
    if (req.method === "POST" && req.url === "/v1/audio/transcriptions") return void transcribe(req, res, bytes);
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") return void res.writeHead(404).end();
    const raw = bytes.toString("utf8");
    let body: ReceivedChat["body"];
    try {
      body = JSON.parse(raw);
    } catch {
      return void res.writeHead(400).end();
    }
    const request = { authorization: req.headers.authorization, body };
    received.push(request);
    const json = (status: number, value: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    switch (behaviour.kind) {
      case "reply":
        return json(200, {
          id: `chatcmpl-${received.length}`,
          object: "chat.completion",
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content: behaviour.text(request) }, finish_reason: "stop" }],
          usage: { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25 },
        });
      case "status":
        return json(behaviour.status, { error: { message: "stand-in failure", type: "server_error" } });
      case "hang":
        hanging.add(res);
        return;
      case "malformed":
        return void res.writeHead(200, { "content-type": "application/json" }).end('{"choices": [');
      case "huge":
        return json(200, { choices: [{ message: { role: "assistant", content: "x".repeat(behaviour.bytes) } }] });
    }
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    received,
    transcriptions,
    behave(next: StandInBehaviour) {
      behaviour = next;
    },
    /** What the next transcriptions answer. */
    transcribeAs(next: TranscriptionBehaviour) {
      transcription = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type ChatCompletionsStandIn = Awaited<ReturnType<typeof chatCompletionsStandIn>>;
