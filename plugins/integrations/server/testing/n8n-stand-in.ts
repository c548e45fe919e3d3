import { standIn } from "./stand-in-server.ts";

/**
 * An n8n webhook node (or any webhook) on loopback: answers each posted message with
 * `{ reply }`, "tchau" with `{ replies, end: true }`, and a ping with `{}`.
 */
export async function n8nStandIn() {
  return standIn(({ body }) => {
    if (body?.event === "ping") return { json: {} };
    const text: string = body?.message?.body ?? "";
    if (text.toLowerCase() === "tchau") return { json: { replies: ["Até mais", "Um atendente segue daqui"], end: true } };
    return { json: { reply: `n8n recebeu: ${text}` } };
  });
}
