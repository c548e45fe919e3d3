import type { ScheduleInputBody, ScheduleView } from "../shared/schedule-types.ts";

/** The schedule dialog's values; ids are "" for none (what the selects hold). */
export interface ScheduleForm {
  contactId: number | null;
  /** The chosen contact's name, shown in the picker. */
  contactName: string;
  body: string;
  /** A datetime-local value (`YYYY-MM-DDTHH:mm`) in the browser's time zone. */
  sendAt: string;
  whatsappId: string;
  openTicket: "enabled" | "disabled";
  ticketUserId: string;
  queueId: string;
  statusTicket: "open" | "closed";
  assinar: boolean;
  intervalo: 1 | 2 | 3 | 4;
  valorIntervalo: number;
  enviarQuantasVezes: number;
  tipoDias: 4 | 5 | 6;
}

export type ScheduleErrors = Partial<Record<keyof ScheduleForm, string>>;

const pad = (n: number) => String(n).padStart(2, "0");

/** A datetime-local value for an instant, in the browser's time zone. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A new schedule (spec 000 §4): sendAt one hour ahead; interval unit 1, times 1, day type 4,
 * openTicket enabled, statusTicket closed. `contact` preselects one (`?contactId=`, the composer).
 */
export function blankSchedule(now: Date = new Date(), contact?: { id: number; name: string } | null): ScheduleForm {
  return {
    contactId: contact?.id ?? null,
    contactName: contact?.name ?? "",
    body: "",
    sendAt: toLocalInput(new Date(now.getTime() + 3_600_000)),
    whatsappId: "",
    openTicket: "enabled",
    ticketUserId: "",
    queueId: "",
    statusTicket: "closed",
    assinar: false,
    intervalo: 1,
    valorIntervalo: 0,
    enviarQuantasVezes: 1,
    tipoDias: 4,
  };
}

const idText = (id: number | null) => (id == null ? "" : String(id));

export function scheduleToForm(s: ScheduleView): ScheduleForm {
  return {
    contactId: s.contactId,
    contactName: s.contact.name,
    body: s.body,
    sendAt: toLocalInput(new Date(s.sendAt)),
    whatsappId: idText(s.whatsappId),
    openTicket: s.openTicket,
    ticketUserId: idText(s.ticketUserId),
    queueId: idText(s.queueId),
    statusTicket: s.statusTicket,
    assinar: s.assinar,
    intervalo: s.intervalo as ScheduleForm["intervalo"],
    valorIntervalo: s.valorIntervalo,
    enviarQuantasVezes: s.enviarQuantasVezes,
    tipoDias: s.tipoDias as ScheduleForm["tipoDias"],
  };
}

/** Spec 000 §5: body required and at least 5 long ('Mensagem muito curta'); contact and sendAt required ('Obrigatório'). */
export function validateSchedule(form: ScheduleForm): ScheduleErrors {
  const errors: ScheduleErrors = {};
  const body = form.body.trim();
  if (!body) errors.body = "Obrigatório";
  else if (body.length < 5) errors.body = "Mensagem muito curta";
  if (form.contactId == null) errors.contactId = "Obrigatório";
  if (!form.sendAt) errors.sendAt = "Obrigatório";
  else if (Number.isNaN(new Date(form.sendAt).getTime())) errors.sendAt = "Invalid date";
  if (form.enviarQuantasVezes > 1 && form.valorIntervalo < 1) errors.valorIntervalo = "Obrigatório";
  return errors;
}

/**
 * What POST/PUT /schedules get: the local time as an instant (the browser's zone), "" ids as
 * none; with openTicket disabled the attendant, queue and signature are not sent at all.
 */
export function schedulePayload(form: ScheduleForm): ScheduleInputBody {
  const opens = form.openTicket === "enabled";
  return {
    body: form.body.trim(),
    contactId: form.contactId ?? "",
    sendAt: new Date(form.sendAt).toISOString(),
    whatsappId: form.whatsappId || null,
    openTicket: form.openTicket,
    ticketUserId: opens ? form.ticketUserId || null : null,
    queueId: opens ? form.queueId || null : null,
    statusTicket: form.statusTicket,
    assinar: opens && form.assinar,
    intervalo: form.intervalo,
    valorIntervalo: form.valorIntervalo,
    enviarQuantasVezes: form.enviarQuantasVezes,
    tipoDias: form.tipoDias,
  };
}

/** Spec message -> translation key (pt keeps the spec's own wording). */
const messageKeys: Record<string, string> = {
  Obrigatório: "validation.required",
  Required: "validation.required",
  "Mensagem muito curta": "validation.tooShort",
  "Too Long!": "validation.tooLong",
  "Invalid date": "validation.invalidDate",
  "Invalid value": "validation.invalid",
};
export const messageKey = (message: string): string => messageKeys[message] ?? message;
