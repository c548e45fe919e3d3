import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ApiConversation, apiConversation } from "../../../tests/support/api-conversation.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createPrompt, createQueue, LONG_PROMPT } from "./prompts.fixtures.ts";
import { type ChatCompletionsStandIn, chatCompletionsStandIn } from "./testing/chat-completions-stand-in.ts";

/**
 * Issue 27 "Customer audio is transcribed first": an audio the customer sends reaches the
 * model as what was said (OpenAI-compatible `/audio/transcriptions`, model whisper-1, the
 * platform's `openaikeyaudio` key), once per message.
 */
const AUDIO = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(40, 3)]);
const voice = { mimetype: "audio/ogg", fileName: "voz.ogg", data: AUDIO.toString("base64") };

let ai: ChatCompletionsStandIn;
let t: TestKernel;
let chat: ApiConversation;
beforeEach(async () => {
  ai = await chatCompletionsStandIn();
  t = await createTestKernel({ env: { OPENAI_API_URL: ai.url, OPENAI_TIMEOUT_MS: "400" } });
  const admin = await t.login();
  const queue = await createQueue(t, admin.token, "Humanos");
  const prompt = await createPrompt(t, admin.token, { queueId: queue.id, maxMessages: 5 });
  chat = await apiConversation(t, admin.token, { promptId: prompt.id });
  ai.behave({ kind: "reply", text: () => "Entendi." });
});
afterEach(async () => {
  await chat.close();
  await t.close();
  await ai.close();
});

const userTurns = (i: number) => ai.received[i]!.body.messages.filter((m) => m.role === "user").map((m) => m.content);

describe("prompts: the customer's audio", () => {
  it("is transcribed with whisper-1 and the openaikeyaudio key, answered as what was said, and never transcribed twice", async () => {
    await t.kernel.settings.setGlobal(1, "openaikeyaudio", "sk-audio-key");
    ai.transcribeAs({ kind: "text", text: "Qual o horário de vocês?" });
    const { ticketId } = await chat.sends({ media: voice });
    expect(ai.transcriptions).toHaveLength(1);
    expect(ai.transcriptions[0]).toMatchObject({ authorization: "Bearer sk-audio-key", model: "whisper-1" });
    expect(ai.transcriptions[0]!.bytes).toEqual(AUDIO);
    expect(ai.received[0]!.body.messages).toEqual([
      { role: "system", content: LONG_PROMPT },
      { role: "user", content: "Qual o horário de vocês?" },
    ]);
    expect(await chat.botTexts(ticketId)).toEqual(["Entendi."]);

    // The next turn reads the audio from the kept transcript.
    await chat.says("E no sábado?");
    expect(ai.transcriptions).toHaveLength(1);
    expect(userTurns(1)).toEqual(["Qual o horário de vocês?", "E no sábado?"]);
  });

  it("without openaikeyaudio the prompt's own key is used", async () => {
    await chat.sends({ media: voice });
    expect(ai.transcriptions[0]!.authorization).toBe("Bearer sk-test-1234567890abcd");
    expect(userTurns(0)).toEqual(["transcrito"]);
  });

  it("a failing transcription leaves the audio as [audio]; the assistant still answers and tries again next turn", async () => {
    ai.transcribeAs({ kind: "status", status: 500 });
    const { ticketId } = await chat.sends({ media: voice });
    expect(userTurns(0)).toEqual(["[audio]"]);
    expect(await chat.botTexts(ticketId)).toEqual(["Entendi."]);
    ai.transcribeAs({ kind: "text", text: "Alô" });
    await chat.says("Oi?");
    expect(userTurns(1)).toEqual(["Alô", "Oi?"]);
  });
});
