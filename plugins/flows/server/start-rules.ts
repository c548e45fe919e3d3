import { and, desc, eq, ne, or, isNull, sql } from "drizzle-orm";
import { preparedPer } from "../../../core/db/prepared.ts";
import type { SyncDb } from "../../../core/db/write-batch.ts";
import type { InboundStored } from "../../tickets/server/bot.contract.ts";
import { BOT_HOLDER } from "../../tickets/shared/holder.contract.ts";
import { fold } from "../shared/flow-engine.ts";
import { flowCampaigns, flowStates, flows } from "../schema/tables.ts";
import { ticketsView, whatsappsView } from "../schema/views.ts";
import type { StartRuleCaches } from "./start-rule-caches.ts";

const p = sql.placeholder;
/** The longest message a phrase can equal (longer ones skip the lookup). */
const MAX_PHRASE = 1000;

/** Built once per batcher connection: each start rule is one or two index lookups. */
const statementsFor = preparedPer((db: SyncDb) => ({
  // A phrase of the connection wins over one of any connection; only active flows start.
  phrase: db
    .select({ flowId: flowCampaigns.flowId })
    .from(flowCampaigns)
    .innerJoin(flows, and(eq(flows.id, flowCampaigns.flowId), eq(flows.active, true)))
    .where(
      and(
        eq(flowCampaigns.companyId, p("companyId")),
        eq(flowCampaigns.phraseKey, p("key")),
        eq(flowCampaigns.status, true),
        or(isNull(flowCampaigns.whatsappId), eq(flowCampaigns.whatsappId, p("whatsappId"))),
      ),
    )
    .orderBy(desc(sql`${flowCampaigns.whatsappId} IS NOT NULL`), desc(flowCampaigns.id))
    .limit(1)
    .prepare(),
  // The company's active phrases, for the in-process set (start-rule-caches.ts).
  phraseKeys: db
    .select({ key: flowCampaigns.phraseKey })
    .from(flowCampaigns)
    .where(and(eq(flowCampaigns.companyId, p("companyId")), eq(flowCampaigns.status, true)))
    .prepare(),
  connection: db
    .select({ welcome: whatsappsView.flowIdWelcome, notPhrase: whatsappsView.flowIdNotPhrase })
    .from(whatsappsView)
    .where(and(eq(whatsappsView.id, p("id")), eq(whatsappsView.companyId, p("companyId"))))
    .prepare(),
  // A ticket where a flow ran once (its state row stays) is not started again by a connection's rule.
  ranBefore: db
    .select({ id: flowStates.ticketId })
    .from(flowStates)
    .where(eq(flowStates.ticketId, p("ticketId")))
    .prepare(),
  otherTicket: db
    .select({ id: ticketsView.id })
    .from(ticketsView)
    .where(and(eq(ticketsView.companyId, p("companyId")), eq(ticketsView.contactId, p("contactId")), ne(ticketsView.id, p("ticketId"))))
    .limit(1)
    .prepare(),
  activeFlow: db
    .select({ id: flows.id })
    .from(flows)
    .where(and(eq(flows.id, p("id")), eq(flows.companyId, p("companyId")), eq(flows.active, true)))
    .prepare(),
}));

type Start = (stored: InboundStored, holder: string) => "claimed" | undefined;

/** A customer's message on a ticket nobody (or only the chatbot) holds: what a start rule may take. */
const open = ({ message, ticket, contact }: InboundStored) => !message.fromMe && !contact.isGroup && !contact.disableBot && (!ticket.holder || ticket.holder === BOT_HOLDER);

/**
 * Phrase campaigns (priority `phrase`, 300): a customer message equal to an active campaign's
 * phrase (trimmed, case and accents ignored) on its connection, or any when it names none,
 * hands the conversation to the campaign's flow.
 */
export function phraseRule(startHandOver: Start, caches: StartRuleCaches) {
  return (stored: InboundStored): "claimed" | undefined => {
    if (!open(stored) || !stored.message.body || stored.message.body.length > MAX_PHRASE) return undefined;
    const { ticket } = stored;
    const key = fold(stored.message.body);
    if (!key) return undefined;
    const s = statementsFor(stored.db);
    // Most messages are no phrase: the company's set answers without a lookup.
    const phrases = caches.phrases(ticket.companyId, () => new Set(s.phraseKeys.all({ companyId: ticket.companyId }).map((r) => r.key)));
    if (phrases && !phrases.has(key)) return undefined;
    const hit = s.phrase.get({ companyId: ticket.companyId, key, whatsappId: ticket.whatsappId });
    return hit ? startHandOver(stored, `flow:${hit.flowId}`) : undefined;
  };
}

/**
 * The connection's flows (priority `connection`, 250), for a ticket nobody holds where no flow
 * ran yet, waiting in no attendant's hands: `flowIdWelcome` for a new contact (no ticket
 * before this one), `flowIdNotPhrase` for a known contact whose message matched no phrase
 * (the phrase rule runs first and claims a match).
 */
export function connectionRule(startHandOver: Start, caches: StartRuleCaches) {
  return (stored: InboundStored): "claimed" | undefined => {
    const { ticket } = stored;
    if (!open(stored) || ticket.holder || ticket.userId !== null || ticket.status !== "pending") return undefined;
    const s = statementsFor(stored.db);
    const row = caches.connection(ticket.whatsappId, () => s.connection.get({ id: ticket.whatsappId, companyId: ticket.companyId }) ?? null);
    if (!row || (row.welcome === null && row.notPhrase === null)) return undefined;
    if (s.ranBefore.get({ ticketId: ticket.id })) return undefined;
    const known = Boolean(s.otherTicket.get({ companyId: ticket.companyId, contactId: ticket.contactId, ticketId: ticket.id }));
    const flowId = known ? row.notPhrase : row.welcome;
    if (flowId === null || !s.activeFlow.get({ id: flowId, companyId: ticket.companyId })) return undefined;
    return startHandOver(stored, `flow:${flowId}`);
  };
}
