import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

/** A queue with a two-level chatbot tree, and B's admin in it (user_queues). */
const seed: TenancySeed = async (b) => {
  const queue = await b.call("POST", "/queue", {
    name: "Beta fila",
    color: "#b0b0b0",
    greetingMessage: `${b.mark} queue`,
    chatbots: [{ name: `${b.mark} option`, greetingMessage: b.mark, options: [{ name: `${b.mark} step` }] }],
  });
  await b.call("PUT", `/users/${b.adminId}`, { queueIds: [queue.body.id] });
};
export default seed;
