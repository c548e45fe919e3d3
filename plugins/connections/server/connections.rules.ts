import { MESSAGES } from "../shared/connection-rules.ts";

/** The fields the form rules read, as stored after a create or an update. */
export interface RuleView {
  ratingMessage: string;
  expiresTicketNPS: number;
  timeSendQueue: number;
  sendIdQueue: number | null;
  collectiveVacationStart: string | null;
  collectiveVacationEnd: string | null;
  collectiveVacationMessage: string;
  enableImportMessage: boolean;
  queueIdImportMessages: number | null;
  importOldMessages: string | null;
  importRecentMessages: string | null;
}

const TWO_YEARS_MS = 2 * 366 * 24 * 60 * 60 * 1000;

/**
 * The cross-field rules of the connection form (spec 001 §5 'Connection form'), as
 * field -> message; empty when the connection is valid. The import dates are checked
 * only while import is enabled, so a date that aged past two years never blocks editing
 * a connection that no longer imports.
 */
export function formErrors(c: RuleView, opts: { npsEnabled: boolean; now?: Date }): Record<string, string> {
  const fields: Record<string, string> = {};
  const now = (opts.now ?? new Date()).getTime();
  if (opts.npsEnabled) {
    if (!c.ratingMessage.trim()) fields.ratingMessage = MESSAGES.npsMessage;
    if (!c.expiresTicketNPS) fields.expiresTicketNPS = MESSAGES.npsTime;
  }
  if (c.timeSendQueue && !c.sendIdQueue) fields.sendIdQueue = MESSAGES.sendQueue;
  if (c.sendIdQueue && !c.timeSendQueue) fields.timeSendQueue = MESSAGES.sendQueue;
  if (c.collectiveVacationMessage.trim()) {
    if (!c.collectiveVacationStart) fields.collectiveVacationStart = "Required";
    if (!c.collectiveVacationEnd) fields.collectiveVacationEnd = "Required";
  }
  if (c.collectiveVacationStart && c.collectiveVacationEnd && c.collectiveVacationEnd < c.collectiveVacationStart)
    fields.collectiveVacationEnd = "A data final deve ser igual ou posterior à data inicial";
  if (c.enableImportMessage) {
    if (!c.queueIdImportMessages) fields.queueIdImportMessages = "Required";
    const old = c.importOldMessages ? Date.parse(c.importOldMessages) : null;
    if (old !== null && (old < now - TWO_YEARS_MS || old > now)) fields.importOldMessages = "A data deve estar entre dois anos atrás e agora";
    if (c.importRecentMessages) {
      const recent = Date.parse(c.importRecentMessages);
      if (recent > now || recent < (old ?? now - TWO_YEARS_MS)) fields.importRecentMessages = "A data deve estar entre a data antiga e agora";
    }
  }
  return fields;
}
