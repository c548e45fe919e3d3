import type { Turn } from "./turn.ts";

/**
 * Issue 14's two questions the customer answers on the bot's side: the NPS rating after a
 * resolve (`nps`), and the data consent before the first greeting (`lgpd`). Pure, like the
 * rest of the engine: actions and state only.
 */

/** What the consent question ends with when an answer is awaited; the replies below read it. */
export const CONSENT_CHOICES = "*1* - Aceito\n*2* - Não aceito";
/** Said on a refused consent when the connection has no farewell (complationMessage). */
export const CONSENT_REFUSED = "Tudo bem. Sem o seu consentimento não podemos continuar este atendimento. Obrigado pelo contato!";

const ACCEPT = new Set(["1", "sim", "s", "aceito", "aceitar", "concordo", "ok", "yes", "y", "si", "sí", "acepto", "evet", "kabul"]);
const REFUSE = new Set(["2", "nao", "não", "n", "nao aceito", "não aceito", "recuso", "no", "não concordo", "nao concordo", "hayir", "hayır"]);

const normalised = (body: string) =>
  body
    .trim()
    .toLowerCase()
    .replace(/^[*_~\s]+|[*_~.!\s]+$/g, "");

/** The 0..10 score in an answer such as "9", "*9*", "10!" or "nota 8"; null when none (or out of range). */
export function scoreOf(body: string): number | null {
  const m = /^[^\d-]{0,12}?(\d{1,2})\D{0,3}$/.exec(body.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 0 && n <= 10 ? n : null;
}

/** "accept", "refuse" or null for an answer to the consent question. */
export function consentOf(body: string): "accept" | "refuse" | null {
  const text = normalised(body);
  if (ACCEPT.has(text)) return "accept";
  if (REFUSE.has(text)) return "refuse";
  return null;
}

/**
 * An answer on a ticket waiting for its rating: a valid score is stored, then the farewell
 * (`complationMessage`) and the close. An invalid one repeats the question while fewer than
 * `maxUseBotQueuesNPS` were sent (the resolve sent the first; 0: no limit); after that the
 * ticket closes unrated, with the same farewell.
 */
export function answerRating(t: Turn, body: string): void {
  const { connection } = t.s;
  const score = scoreOf(body);
  const asked = Math.max(1, t.state.ratingAsks ?? 0);
  if (score !== null) {
    t.actions.push({ type: "rate", score });
  } else {
    const max = connection.maxUseBotQueuesNPS;
    if (max <= 0 || asked < max) {
      t.send(connection.ratingMessage);
      t.state.ratingAsks = asked + 1;
      return;
    }
  }
  t.state.ratingAsks = asked;
  t.send(connection.complationMessage);
  t.close();
}

/** The text of the consent question: the company's message, its link, and the choices when an answer is awaited. */
function consentText(t: Turn): string {
  const { lgpd } = t.s.settings;
  return [lgpd.message.trim(), lgpd.link.trim(), lgpd.consent ? CONSENT_CHOICES : ""].filter(Boolean).join("\n\n");
}

/**
 * A new contact's first message with `enableLGPD` (the contact never accepted, not a group):
 * the company's `lgpdMessage` with `lgpdLink`. With `lgpdConsent` the ticket then waits in
 * `lgpd` for the answer and the turn stops (true). Without it the message only informs: the
 * contact is recorded as informed (`lgpdAcceptedAt`, so it is said once) and the flow goes
 * on in the same turn (false). An empty message asks nothing.
 */
export function askConsent(t: Turn): boolean {
  const { settings, contact, ticket } = t.s;
  if (!settings.lgpd.enabled || contact.lgpdAcceptedAt !== null || ticket.isGroup || !settings.lgpd.message.trim()) return false;
  t.send(consentText(t));
  if (!settings.lgpd.consent) {
    t.actions.push({ type: "recordConsent" });
    return false;
  }
  t.actions.push({ type: "setStatus", status: "lgpd" });
  t.state.consentAsks = 1;
  return true;
}

/**
 * An answer on a ticket waiting for consent. Accepting records it, logs `lgpdAccepted` and
 * puts the ticket back to `pending`: the flow goes on in this turn (true: the greeting or
 * menu follows). Refusing closes politely (the farewell, else CONSENT_REFUSED). Anything else
 * repeats the question up to `maxUseBotQueues` times (3 when unset), then waits: the expiry
 * sweep closes a consent unanswered for 24 hours.
 */
export function answerConsent(t: Turn, body: string): boolean {
  const answer = consentOf(body);
  if (answer === "accept") {
    t.actions.push({ type: "recordConsent" }, { type: "setStatus", status: "pending" }, { type: "log", log: "lgpdAccepted", queueId: t.queueId });
    t.state.consentAsks = 0;
    return true;
  }
  if (answer === "refuse") {
    t.send(t.s.connection.complationMessage.trim() || CONSENT_REFUSED);
    t.close();
    return false;
  }
  const asked = t.state.consentAsks ?? 1;
  const max = t.s.connection.maxUseBotQueues > 0 ? t.s.connection.maxUseBotQueues : 3;
  if (asked < max) {
    t.send(consentText(t));
    t.state.consentAsks = asked + 1;
  } else t.notHandled("consentAwaited");
  return false;
}
