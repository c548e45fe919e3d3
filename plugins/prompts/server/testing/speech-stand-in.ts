import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The first bytes of an Ogg stream ("OggS"), then filler: what the tests recognise as the audio. */
export const FAKE_OGG = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(60, 7)]);

export type SpeechBehaviour = { kind: "audio" } | { kind: "status"; status: number } | { kind: "hang" } | { kind: "notAudio" };

export interface ReceivedSpeech {
  /** The region part of the path (the stand-in's URL template puts `{region}` there). */
  region: string;
  key: string | undefined;
  contentType: string | undefined;
  outputFormat: string | undefined;
  ssml: string;
}

/**
 * Azure Speech's text-to-speech REST endpoint on loopback (`POST /{region}/cognitiveservices/v1`,
 * SSML body, `Ocp-Apim-Subscription-Key`, `X-Microsoft-OutputFormat`; answers the audio bytes).
 * `urlTemplate` is what AZURE_TTS_URL is set to.
 * @example
 *   const tts = await speechStandIn();
 *   // AZURE_TTS_URL = tts.urlTemplate
 */
export async function speechStandIn() {
  const received: ReceivedSpeech[] = [];
  let behaviour: SpeechBehaviour = { kind: "audio" };
  const hanging = new Set<ServerResponse>();
  const handle = (req: IncomingMessage, res: ServerResponse, ssml: string) => {
    const match = /^\/([^/]+)\/cognitiveservices\/v1$/.exec(req.url ?? "");
    if (req.method !== "POST" || !match) return void res.writeHead(404).end();
    const header = (name: string) => (typeof req.headers[name] === "string" ? (req.headers[name] as string) : undefined);
    received.push({ region: match[1]!, key: header("ocp-apim-subscription-key"), contentType: header("content-type"), outputFormat: header("x-microsoft-outputformat"), ssml });
    switch (behaviour.kind) {
      case "audio":
        return void res.writeHead(200, { "content-type": "audio/ogg" }).end(FAKE_OGG);
      case "status":
        return void res.writeHead(behaviour.status).end();
      case "hang":
        hanging.add(res);
        return;
      case "notAudio":
        return void res.writeHead(200, { "content-type": "text/html" }).end("<html>login</html>");
    }
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => handle(req, res, Buffer.concat(chunks).toString("utf8")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    urlTemplate: `http://127.0.0.1:${(server.address() as AddressInfo).port}/{region}/cognitiveservices/v1`,
    received,
    behave(next: SpeechBehaviour) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type SpeechStandIn = Awaited<ReturnType<typeof speechStandIn>>;
