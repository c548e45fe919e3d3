import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ApiConversation, apiConversation } from "../../../tests/support/api-conversation.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createPrompt, createQueue } from "./prompts.fixtures.ts";
import { type ChatCompletionsStandIn, chatCompletionsStandIn } from "./testing/chat-completions-stand-in.ts";
import { FAKE_OGG, type SpeechStandIn, speechStandIn } from "./testing/speech-stand-in.ts";

/**
 * Issue 27 "Voice other than texto": the assistant's answer is synthesised by Azure Speech
 * (a loopback stand-in of its REST API) and goes to the customer as an Ogg/Opus voice note;
 * when the speech service fails the customer gets the text.
 */
let ai: ChatCompletionsStandIn;
let tts: SpeechStandIn;
let t: TestKernel;
let chat: ApiConversation;
beforeEach(async () => {
  ai = await chatCompletionsStandIn();
  tts = await speechStandIn();
  t = await createTestKernel({ env: { OPENAI_API_URL: ai.url, OPENAI_TIMEOUT_MS: "400", AZURE_TTS_URL: tts.urlTemplate } });
  const admin = await t.login();
  const queue = await createQueue(t, admin.token, "Humanos");
  const prompt = await createPrompt(t, admin.token, { queueId: queue.id, voice: "pt-BR-FranciscaNeural", voiceKey: "azure-key-1234", voiceRegion: "brazilsouth" });
  chat = await apiConversation(t, admin.token, { promptId: prompt.id });
  ai.behave({ kind: "reply", text: () => "Olá {{firstName}}, o plano custa R$ 10 & <nada> mais." });
});
afterEach(async () => {
  await chat.close();
  await t.close();
  await tts.close();
  await ai.close();
});

describe("prompts: a voice", () => {
  it("speaks the answer with the prompt's voice, key and region, and sends it as an Ogg voice note with the text as its body", async () => {
    const { ticketId } = await chat.says("Quanto custa?");
    expect(tts.received).toHaveLength(1);
    const call = tts.received[0]!;
    expect(call).toMatchObject({ region: "brazilsouth", key: "azure-key-1234", contentType: "application/ssml+xml", outputFormat: "ogg-24khz-16bit-mono-opus" });
    expect(call.ssml).toContain("<voice name='pt-BR-FranciscaNeural'>");
    expect(call.ssml).toContain("xml:lang='pt-BR'");
    // Escaped for XML; the placeholder is not read aloud.
    expect(call.ssml).toContain(">Olá, o plano custa R$ 10 &amp; &lt;nada&gt; mais.</voice>");

    const [message] = await chat.botMessages(ticketId);
    expect(message).toMatchObject({ mediaType: "audio", body: "Olá Ana, o plano custa R$ 10 & <nada> mais." });
    expect(message!.mediaUrl).toMatch(/^\/public\/company1\/[A-Za-z0-9_-]+\.ogg$/);
    const stored = await t.kernel.storage.read(String(message!.mediaUrl).replace("/public/", ""));
    expect(Buffer.from(stored!.body)).toEqual(FAKE_OGG);
    // The channel got an audio (the WhatsApp driver sends an .ogg as a push-to-talk note).
    expect(chat.received).toContainEqual(expect.objectContaining({ message: expect.objectContaining({ kind: "audio", mimetype: "audio/ogg", mediaUrl: message!.mediaUrl }) }));
  });

  it.each([
    ["answers 401", { kind: "status", status: 401 }],
    ["hangs", { kind: "hang" }],
    ["answers something that is not audio", { kind: "notAudio" }],
  ] as const)("a speech service that %s: the customer gets the text", async (_what, behaviour) => {
    tts.behave(behaviour);
    const { ticketId } = await chat.says("Quanto custa?");
    const [message] = await chat.botMessages(ticketId);
    expect(message).toMatchObject({ mediaType: "chat", mediaUrl: null, body: "Olá Ana, o plano custa R$ 10 & <nada> mais." });
  });

  it("a region that is not a plain word never reaches the URL: the text goes out", async () => {
    const admin = await t.login();
    const prompts = (await t.call("GET", "/prompt", { token: admin.token })).body.prompts;
    await t.call("PUT", `/prompt/${prompts[0].id}`, { token: admin.token, body: { voiceRegion: "evil.example/x?" } });
    const { ticketId } = await chat.says("Quanto custa?");
    expect(tts.received).toHaveLength(0);
    expect((await chat.botMessages(ticketId))[0]).toMatchObject({ mediaType: "chat" });
  });
});
