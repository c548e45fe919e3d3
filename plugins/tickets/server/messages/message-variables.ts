/**
 * Message variables (spec 000 §3 "Message variables usable in texts"): placeholders an
 * attendant or an automatic message writes, replaced just before the message is stored.
 * Unknown placeholders stay as written, so a typo is visible instead of silently erased.
 */

export interface VariableContext {
  /** The contact's full name. */
  contactName: string;
  /** The author's name, else the ticket's attendant's ("" when nobody holds the ticket). */
  userName: string;
  ticketId: number;
  queueName: string;
  connectionName: string;
  /** When the message is written (the server's local time is used for the texts). */
  now: Date;
}

const pad = (n: number, size = 2) => String(n).padStart(size, "0");

/** The greeting of the hour: Bom dia before noon (from 5h), Boa tarde until 18h, Boa noite otherwise. */
export function greeting(now: Date): string {
  const h = now.getHours();
  if (h >= 5 && h < 12) return "Bom dia";
  if (h >= 12 && h < 18) return "Boa tarde";
  return "Boa noite";
}

/** DD/MM/YYYY (spec 000 §9 date format). */
export const formatDate = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
/** HH:mm (spec 000 §9 time format). */
export const formatHour = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** A protocol number the customer can quote: the day (YYYYMMDD) followed by the ticket id. */
export const protocol = (d: Date, ticketId: number) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}${ticketId}`;

/** Whether a text may hold a placeholder of either form: without one there is nothing to look up. */
export const mayHoldVariables = (text: string) => text.includes("{{") || text.includes("${");

/**
 * Replaces every known `{{variable}}` (spaces inside the braces allowed, names case-sensitive),
 * and the older `${queue.name}` / `${user.name}` forms that texts saved by earlier versions
 * of the product still carry ("Você foi transferido para ${queue.name}").
 */
export function resolveVariables(text: string, ctx: VariableContext): string {
  const firstName = ctx.contactName.trim().split(/\s+/)[0] ?? "";
  const values: Record<string, string> = {
    firstName,
    name: ctx.contactName,
    user: ctx.userName,
    ms: greeting(ctx.now),
    protocol: protocol(ctx.now, ctx.ticketId),
    date: formatDate(ctx.now),
    hour: formatHour(ctx.now),
    ticket_id: String(ctx.ticketId),
    queue: ctx.queueName,
    connection: ctx.connectionName,
  };
  const legacy: Record<string, string> = { "queue.name": ctx.queueName, "user.name": ctx.userName };
  // One pass, so a value that happens to contain a placeholder (a contact named "{{user}}") is never expanded again.
  return text.replace(/\{\{\s*([A-Za-z_]+)\s*\}\}|\$\{\s*([A-Za-z_.]+)\s*\}/g, (whole, key: string | undefined, old: string | undefined) => {
    if (key !== undefined) return Object.hasOwn(values, key) ? values[key]! : whole;
    return old !== undefined && Object.hasOwn(legacy, old) ? legacy[old]! : whole;
  });
}
