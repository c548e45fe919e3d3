import type { OutboundGuard } from "../../../core/net/outbound-guard.ts";
import type { Logger } from "../../../core/log.ts";
import type { HandOverProvider } from "../../automation/server/hand-over.contract.ts";
import type { BotWrite, ConversationLine } from "../../tickets/server/bot.contract.ts";
import type { MessageRow, TicketRow } from "../../tickets/server/tickets.contract.ts";
import { HAND_OFF_MARKER } from "../shared/prompt-rules.ts";
import { type ChatMessage, chatCompletion } from "./chat-completions.ts";
import { type VoiceDeps, voiceNoteOf } from "./prompt-voice.ts";
import type { PromptTranscripts } from "./prompt-transcripts.ts";
import type { OpenedPrompt, PromptsService } from "./prompts.service.ts";

/** Said when the service is down, slow or answers nonsense; the ticket then goes to the prompt's queue. */
export const FALLBACK_MESSAGE = "Desculpe, não consegui responder agora. Vou transferir você para um atendente.";

export interface AssistantDeps {
  prompts: Pick<PromptsService, "opened" | "addUsage">;
  recentMessages: (companyId: number, ticketId: number, limit: number) => Promise<ConversationLine[]>;
  outbound: Pick<OutboundGuard, "fetch">;
  /** OPENAI_API_URL. */
  baseUrl: string;
  /** Whether the company's plan still includes the AI option (useOpenAi). */
  planAllows: (companyId: number) => Promise<boolean>;
  log: Logger;
  timeoutMs?: number;
  /** What the customer's audio messages said. */
  transcripts: Pick<PromptTranscripts, "of">;
  /** How a prompt with a voice speaks (Azure Speech, the audio kept in the company's storage). */
  voice: Omit<VoiceDeps, "outbound" | "log">;
}

const lineText = (m: ConversationLine) => m.body.trim() || (m.mediaType !== "chat" ? `[${m.mediaType}]` : "");

/**
 * The conversation as chat messages: the prompt as system, then the ticket's latest lines,
 * oldest first; an audio the customer sent is what it said, when transcribed.
 */
export function chatMessages(prompt: Pick<OpenedPrompt, "prompt">, lines: ConversationLine[], transcripts: ReadonlyMap<number, string> = new Map()): ChatMessage[] {
  const turns = lines.flatMap((m): ChatMessage[] => {
    const content = transcripts.get(m.id) ?? lineText(m);
    return content ? [{ role: m.fromMe ? "assistant" : "user", content }] : [];
  });
  return [{ role: "system", content: prompt.prompt }, ...turns];
}

/** Back to people: the prompt's queue (when it still has one), then the hand-back. */
const handBack = (prompt: Pick<OpenedPrompt, "queueId"> | null, reason: string): BotWrite[] => [
  ...(prompt?.queueId ? [{ type: "setQueue" as const, queueId: prompt.queueId, log: "queue" as const }] : []),
  { type: "handOver", holder: null, reason },
];

/**
 * Hand-over kind `prompt`: each customer message (the first one included, through `start`) is
 * answered by the model from the prompt and the ticket's latest `maxMessages` messages. The
 * marker `#atendente#` in an answer, a failing service, a prompt deleted or a plan without the
 * AI option hand the ticket to the prompt's queue.
 */
export function promptAssistant(deps: AssistantDeps): HandOverProvider {
  const answer = async (ticket: TicketRow, ref: string, message: Pick<MessageRow, "id"> | null): Promise<BotWrite[]> => {
    const id = Number(ref);
    const prompt = Number.isSafeInteger(id) ? await deps.prompts.opened(ticket.companyId, id) : null;
    if (!prompt || !(await deps.planAllows(ticket.companyId))) return handBack(prompt, "unavailable");
    const lines = await deps.recentMessages(ticket.companyId, ticket.id, prompt.maxMessages);
    const result = await chatCompletion(
      deps.outbound,
      {
        baseUrl: deps.baseUrl,
        apiKey: prompt.apiKey,
        model: prompt.model,
        messages: chatMessages(prompt, lines, await deps.transcripts.of(ticket.companyId, lines, prompt.apiKey)),
        maxTokens: prompt.maxTokens,
        temperature: prompt.temperature,
      },
      deps.timeoutMs,
    );
    if (!result.ok) {
      deps.log.warn(`prompts: prompt ${prompt.id} of company ${ticket.companyId} got no answer (${result.reason}); ticket ${ticket.id} goes to its queue`);
      return [{ type: "send", text: FALLBACK_MESSAGE }, ...handBack(prompt, "error")];
    }
    // Once per answered message (the turn may run again): the message handed over, else the customer's latest line.
    const answered = message?.id ?? lines.findLast((l) => !l.fromMe)?.id;
    if (answered) await deps.prompts.addUsage(prompt.id, answered, result.usage);
    const asksHuman = result.text.toLowerCase().includes(HAND_OFF_MARKER);
    const text = asksHuman ? result.text.split(new RegExp(HAND_OFF_MARKER, "gi")).join("").trim() : result.text;
    const media = text ? await voiceNoteOf({ ...deps.voice, outbound: deps.outbound, log: deps.log }, ticket.companyId, prompt, text) : null;
    // A voice note keeps the text as its body: the attendant reads it, and the next turns' context has it.
    const send: BotWrite[] = text ? [{ type: "send", text, ...(media ? { media } : {}) }] : [];
    return [...send, ...(asksHuman ? handBack(prompt, "done") : [])];
  };
  return {
    kind: "prompt",
    start: (ticket, ref) => answer(ticket, ref, null),
    onMessage: (ticket, message, ref) => answer(ticket, ref, message),
  };
}
