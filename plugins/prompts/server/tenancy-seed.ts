import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

/** A prompt of B on B's first queue. */
const seed: TenancySeed = async (b) => {
  const queue = (await b.call("GET", "/queue")).body[0];
  await b.call("POST", "/prompt", {
    name: `${b.mark} prompt`,
    prompt: `${b.mark} — você é a assistente da empresa B; responda com gentileza.`,
    apiKey: "sk-beta-key",
    queueId: queue.id,
  });
};
export default seed;
