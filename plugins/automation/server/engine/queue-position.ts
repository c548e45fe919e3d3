/**
 * The queue-position message (`sendQueuePositionMessage`, spec 001 §3) with the customer's
 * place filled in: at `{{position}}` when the text has it, else after the text. The wiring
 * counts the place (pending tickets of the queue created before this one, plus one) when it
 * executes `announcePosition`, after the ticket's own move is written.
 *
 * @example
 * positionText("Você é o {{position}}º da fila.", 3) // "Você é o 3º da fila."
 * positionText("Sua posição na fila:", 3) // "Sua posição na fila: *3*"
 */
export function positionText(template: string, position: number): string {
  const placeholder = /\{\{\s*position\s*\}\}/g;
  return placeholder.test(template) ? template.replace(placeholder, String(position)) : `${template.trim()} *${position}*`;
}
