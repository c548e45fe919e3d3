import { and, eq } from "drizzle-orm";
import type { InboundStored } from "../../tickets/server/bot.contract.ts";
import { prompts } from "../schema/tables.ts";

/**
 * A connection's `promptId` takes each new conversation (a customer message on a ticket nobody
 * holds, in no queue yet) before the chatbot: the after-inbound step at priority `connection + 10` (260).
 * Runs in the receive unit, so it reads synchronously: the connection's `promptId` as the
 * pipeline read it (`stored.connection`), and whether the prompt still exists (a deleted one
 * leaves it to the chatbot).
 */
export function promptStartRule(startHandOver: (stored: InboundStored, holder: string) => "claimed" | undefined) {
  return (stored: InboundStored): "claimed" | undefined => {
    const { ticket, message } = stored;
    // A new conversation only: a ticket already in a queue (the assistant handed it there, or
    // someone routed it) or with an attendant stays with people.
    if (message.fromMe || ticket.holder || ticket.queueId !== null || ticket.userId !== null || !ticket.whatsappId) return undefined;
    const { promptId } = stored.connection;
    if (!promptId) return undefined;
    const prompt = stored.db
      .select({ id: prompts.id })
      .from(prompts)
      .where(and(eq(prompts.companyId, ticket.companyId), eq(prompts.id, promptId)))
      .get();
    return prompt ? startHandOver(stored, `prompt:${prompt.id}`) : undefined;
  };
}
