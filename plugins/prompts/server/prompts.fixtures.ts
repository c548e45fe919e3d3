import type { TestKernel } from "../../../tests/support/test-kernel.ts";

export const LONG_PROMPT = "Você é a assistente da Loja Exemplo. Responda em português, com frases curtas e gentis.";

/** A queue of the token's company. */
export async function createQueue(t: TestKernel, token: string, name = "Atendimento") {
  const res = await t.call("POST", "/queue", {
    token,
    body: {
      name,
      color: `#${Math.floor(Math.random() * 0xffffff)
        .toString(16)
        .padStart(6, "0")}`,
      greetingMessage: "",
    },
  });
  if (res.status !== 200) throw new Error(`POST /queue: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; name: string };
}

/** Creates a prompt as `token`; fails the test on a non-200. */
export async function createPrompt(t: TestKernel, token: string, body: Record<string, unknown>) {
  const res = await t.call("POST", "/prompt", { token, body: { name: "Assistente", prompt: LONG_PROMPT, apiKey: "sk-test-1234567890abcd", ...body } });
  if (res.status !== 200) throw new Error(`POST /prompt: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; name: string; apiKey: string | null; queueId: number };
}
