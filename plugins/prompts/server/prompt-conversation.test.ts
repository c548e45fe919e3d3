import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ApiConversation, apiConversation } from "../../../tests/support/api-conversation.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { FALLBACK_MESSAGE } from "./prompt-assistant.ts";
import { createPrompt, createQueue, LONG_PROMPT } from "./prompts.fixtures.ts";
import { type ChatCompletionsStandIn, chatCompletionsStandIn } from "./testing/chat-completions-stand-in.ts";

/**
 * Issue 27 "AI prompts", end to end on the API channel against an OpenAI-compatible stand-in:
 * a connection's prompt takes each new conversation, answers from the LATEST `maxMessages`
 * messages, and hands the ticket to its queue on the marker or when the service fails.
 */
let ai: ChatCompletionsStandIn;
let t: TestKernel;
let chat: ApiConversation;
let queue: { id: number };
let prompt: { id: number };
beforeEach(async () => {
  ai = await chatCompletionsStandIn();
  t = await createTestKernel({ env: { OPENAI_API_URL: ai.url, OPENAI_TIMEOUT_MS: "400" } });
  const admin = await t.login();
  queue = await createQueue(t, admin.token, "Humanos");
  prompt = await createPrompt(t, admin.token, { queueId: queue.id, maxMessages: 3, maxTokens: 150, temperature: 0.3, model: "local-model" });
  chat = await apiConversation(t, admin.token, { greetingMessage: "Bem-vindo!", promptId: prompt.id });
});
afterEach(async () => {
  await chat.close();
  await t.close();
  await ai.close();
});

describe("prompts: a connection's assistant", () => {
  it("answers each turn from the latest maxMessages messages, with the prompt, model, limits and key", async () => {
    let turn = 0;
    ai.behave({ kind: "reply", text: () => `Resposta ${++turn}, {{firstName}}` });
    const { ticketId } = await chat.says("Oi");
    await chat.says("Quero saber o preço");
    await chat.says("Do plano anual");
    expect(await chat.botTexts(ticketId)).toEqual(["Resposta 1, Ana", "Resposta 2, Ana", "Resposta 3, Ana"]);
    expect((await chat.ticket(ticketId)).holder).toBe(`prompt:${prompt.id}`);

    expect(ai.received).toHaveLength(3);
    const first = ai.received[0]!;
    expect(first.authorization).toBe("Bearer sk-test-1234567890abcd");
    expect(first.body).toMatchObject({ model: "local-model", max_tokens: 150, temperature: 0.3 });
    expect(first.body.messages).toEqual([
      { role: "system", content: LONG_PROMPT },
      { role: "user", content: "Oi" },
    ]);
    // The third turn: the system prompt, then the LATEST 3 messages, oldest first (the first "Oi" fell off).
    expect(ai.received[2]!.body.messages).toEqual([
      { role: "system", content: LONG_PROMPT },
      { role: "user", content: "Quero saber o preço" },
      { role: "assistant", content: "Resposta 2, Ana" },
      { role: "user", content: "Do plano anual" },
    ]);
    // Token usage is summed per prompt.
    const shown = await t.call("GET", `/prompt/${prompt.id}`, { token: (await t.login()).token });
    expect(shown.body).toMatchObject({ promptTokens: 60, completionTokens: 15, totalTokens: 75 });
  });

  it("the hand-off marker sends the rest of the answer and moves the ticket to the prompt's queue; the assistant stops", async () => {
    ai.behave({ kind: "reply", text: () => "Vou chamar uma pessoa. #ATENDENTE#" });
    const { ticketId } = await chat.says("Quero falar com alguém");
    expect(await chat.botTexts(ticketId)).toEqual(["Vou chamar uma pessoa."]);
    expect(await chat.ticket(ticketId)).toMatchObject({ holder: null, queueId: queue.id, status: "pending" });
    await chat.says("Alô?");
    expect(ai.received).toHaveLength(1);
  });

  it.each([
    ["answers 500", { kind: "status", status: 500 }],
    ["hangs", { kind: "hang" }],
    ["answers malformed JSON", { kind: "malformed" }],
  ] as const)("a service that %s gets the customer the fallback, and the ticket goes to the queue", async (_what, behaviour) => {
    ai.behave(behaviour);
    const { ticketId } = await chat.says("Oi");
    expect(await chat.botTexts(ticketId)).toEqual([FALLBACK_MESSAGE]);
    expect(await chat.ticket(ticketId)).toMatchObject({ holder: null, queueId: queue.id });
  });

  it("a 100 KB answer is trimmed, not refused", async () => {
    ai.behave({ kind: "huge", bytes: 100 * 1024 });
    const { ticketId } = await chat.says("Oi");
    const [text] = await chat.botTexts(ticketId);
    expect(text!.length).toBe(4000);
    expect((await chat.ticket(ticketId)).holder).toBe(`prompt:${prompt.id}`);
  });
});
