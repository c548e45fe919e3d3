import type { HandOverProvider } from "../../../../plugins/automation/server/hand-over.contract.ts";

/** The customer's word that hands the conversation back to the queue's attendants. */
export const ECHO_FINISH = "fim";

/**
 * The scratch plugin's hand-over provider (issue 24): registered with automation's registry as
 * the `integration` kind, so a chatbot option of type "Integração" hands the conversation to
 * it. It greets, echoes every message, hands back on "tchau" itself (`done`), and the
 * registry ends it on its finish keyword. It acts only through bot writes.
 */
export function echoHandOver(): HandOverProvider {
  return {
    kind: "integration",
    start: (_ticket, ref) => [{ type: "send", text: `Scratch ${ref}: escreva "${ECHO_FINISH}" para voltar ao atendimento.` }],
    onMessage: (_ticket, message) =>
      message.body.trim().toLowerCase() === "tchau"
        ? [
            { type: "send", text: "Scratch: até logo!" },
            { type: "handOver", holder: null, reason: "done" },
          ]
        : [{ type: "send", text: `Scratch: ${message.body}` }],
    finishKeyword: () => ECHO_FINISH,
  };
}
