import { validationFields } from "../../../web/src/ui/refusal.ts";
import { OFFICE_HOURS_TIME_KEYS, officeHoursErrors, officeHoursMessages, type OfficeHoursProblem, type OfficeHoursProblems } from "../../office-hours/web/public.ts";
import { COLOR_MAX, COLOR_MIN, defaultSchedules, OPTION_NAME_MIN, QUEUE_NAME_MAX, QUEUE_NAME_MIN, type QueueSchedule } from "../shared/queue-rules.ts";
import { OPTION_REFERENCE_KIND, REFERENCE_MESSAGES, type ReferenceKind } from "../shared/reference-kinds.ts";
import type { ChatbotOptionInput } from "../shared/chatbot-option.ts";
import type { ChatbotOption, ChatbotOptionPayload, Queue, QueuePayload } from "./queues-api.ts";

/** An option being edited (the shared schema's fields); `key` identifies it in React lists before it has an id. */
export type OptionDraft = Omit<ChatbotOptionInput, "options"> & { key: string; options: OptionDraft[] };

export interface QueueForm {
  name: string;
  color: string;
  /** Text while typed; a whole number or empty when sent. */
  orderQueue: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  closeTicket: boolean;
  ativarRoteador: boolean;
  tempoRoteador: number;
  /** Set through the `queues.dialog.handlers` zone; a stored value is sent back unchanged. */
  integrationId: number | null;
  fileListId: number | null;
  schedules: QueueSchedule[];
  chatbots: OptionDraft[];
}

/**
 * Field errors as i18n keys under `validation.*`, keyed like the server's ERR_VALIDATION
 * fields ("name", "schedules.0.endTimeA", "chatbots.1.options.0.name").
 */
export type FormErrors = Record<string, string>;

let counter = 0;
export const newKey = () => `opt-${++counter}`;

export function newOption(): OptionDraft {
  return {
    key: newKey(),
    name: "",
    greetingMessage: "",
    queueType: "text",
    closeTicket: false,
    optQueueId: null,
    optUserId: null,
    optIntegrationId: null,
    optFileId: null,
    options: [],
  };
}

/** Colours offered to a new queue, in order; a company's queue colours must differ (ERR_QUEUE_COLOR_ALREADY_EXISTS). */
const NEW_QUEUE_COLORS = ["#2965cc", "#29a634", "#d99e0b", "#d13913", "#8f398f", "#00b3a4", "#db2c6f", "#9bbf30", "#96622d", "#7157d9"];

/** A blank queue, coloured with the first offered colour no other queue of the company uses. */
export function newQueueForm(takenColors: readonly string[] = []): QueueForm {
  const taken = new Set(takenColors.map((c) => c.toLowerCase()));
  return {
    name: "",
    color: NEW_QUEUE_COLORS.find((c) => !taken.has(c)) ?? NEW_QUEUE_COLORS[0],
    orderQueue: "",
    greetingMessage: "",
    outOfHoursMessage: "",
    closeTicket: false,
    ativarRoteador: false,
    tempoRoteador: 2,
    integrationId: null,
    fileListId: null,
    schedules: defaultSchedules(),
    chatbots: [],
  };
}

function draftOf(o: ChatbotOption): OptionDraft {
  const { options, queueId: _q, parentId: _p, position: _pos, ...fields } = o;
  return { ...fields, key: newKey(), options: options.map(draftOf) };
}

export function formFromQueue(q: Queue): QueueForm {
  return {
    name: q.name,
    color: q.color,
    orderQueue: q.orderQueue === null ? "" : String(q.orderQueue),
    greetingMessage: q.greetingMessage,
    outOfHoursMessage: q.outOfHoursMessage,
    closeTicket: q.closeTicket,
    ativarRoteador: q.ativarRoteador,
    tempoRoteador: q.tempoRoteador,
    integrationId: q.integrationId,
    fileListId: q.fileListId,
    schedules: q.schedules.length ? q.schedules : defaultSchedules(),
    chatbots: q.chatbots.map(draftOf),
  };
}

function payloadOf(o: OptionDraft): ChatbotOptionPayload {
  const { key: _k, options, ...fields } = o;
  return { ...fields, name: fields.name.trim(), options: options.map(payloadOf) };
}

/** What the dialog sends; the office hours only while the company schedules by queue. */
export function toPayload(form: QueueForm, scheduleByQueue: boolean): QueuePayload {
  return {
    name: form.name.trim(),
    color: form.color.trim(),
    orderQueue: form.orderQueue.trim() === "" ? null : Number(form.orderQueue),
    greetingMessage: form.greetingMessage,
    outOfHoursMessage: form.outOfHoursMessage,
    closeTicket: form.closeTicket,
    ativarRoteador: form.ativarRoteador,
    tempoRoteador: form.tempoRoteador,
    integrationId: form.integrationId,
    fileListId: form.fileListId,
    ...(scheduleByQueue ? { schedules: form.schedules } : {}),
    chatbots: form.chatbots.map(payloadOf),
  };
}

/**
 * The option tree's problems, keyed "chatbots.0.options.1.name" like the server's. With the
 * installed reference kinds known (`kinds`), an "Integração" or "Arquivo" option whose kind no
 * plugin registered is refused before sending (the server would refuse it too).
 */
export function validateOptions(options: readonly OptionDraft[], prefix = "chatbots", kinds: readonly ReferenceKind[] | null = null): FormErrors {
  const errors: FormErrors = {};
  options.forEach((o, i) => {
    const at = `${prefix}.${i}`;
    const name = o.name.trim();
    if (!name) errors[`${at}.name`] = "required";
    else if (name.length < OPTION_NAME_MIN) errors[`${at}.name`] = "optionTooShort";
    if (o.options.length && !o.greetingMessage.trim()) errors[`${at}.greetingMessage`] = "messageForNextLevel";
    if (o.queueType === "queue" && !o.optQueueId) errors[`${at}.optQueueId`] = "required";
    if (o.queueType === "attendent" && !o.optUserId) errors[`${at}.optUserId`] = "required";
    if (o.queueType === "integration" || o.queueType === "file") {
      const field = o.queueType === "integration" ? "optIntegrationId" : "optFileId";
      if (kinds && !kinds.includes(OPTION_REFERENCE_KIND[o.queueType])) errors[`${at}.${field}`] = `noProvider_${o.queueType}`;
      else if (!o[field]) errors[`${at}.${field}`] = "required";
    }
    Object.assign(errors, validateOptions(o.options, `${at}.options`, kinds));
  });
  return errors;
}

export interface QueueRulesContext {
  /** Other queues the company has: with any, the greeting is required. */
  otherQueues: number;
  /** scheduleType is "queue": the out-of-hours message is required and hours are checked. */
  scheduleByQueue: boolean;
  /** The reference kinds some plugin registered (GET /queues/reference-kinds); null while unknown. */
  kinds?: readonly ReferenceKind[] | null;
}

/** The spec's queue rules (001 §5 'Queue'), checked before anything is sent. */
export function validateQueue(form: QueueForm, ctx: QueueRulesContext): FormErrors {
  const errors: FormErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = "required";
  else if (name.length < QUEUE_NAME_MIN) errors.name = "tooShort";
  else if (name.length > QUEUE_NAME_MAX) errors.name = "tooLong";
  const color = form.color.trim();
  if (!color) errors.color = "required";
  else if (color.length < COLOR_MIN) errors.color = "tooShort";
  else if (color.length > COLOR_MAX) errors.color = "tooLong";
  if (form.orderQueue.trim() && !/^\d+$/.test(form.orderQueue.trim())) errors.orderQueue = "invalidNumber";
  if (ctx.otherQueues > 0 && !form.greetingMessage.trim()) errors.greetingMessage = "greetingRequired";
  if (ctx.scheduleByQueue) {
    if (!form.outOfHoursMessage.trim()) errors.outOfHoursMessage = "required";
    // The office-hours rules the server applies too, keyed like its answer ("schedules.0.endTimeA").
    form.schedules.forEach((day, i) => {
      for (const [key, problem] of Object.entries(officeHoursErrors(day))) errors[`schedules.${i}.${key}`] = problem;
    });
  }
  return { ...errors, ...validateOptions(form.chatbots, "chatbots", ctx.kinds ?? null) };
}

/** The server's office-hours messages ("Horário inválido (HH:MM)") back to their problem codes. */
const officeHoursCodes: Record<string, OfficeHoursProblem> = Object.fromEntries(
  Object.entries(officeHoursMessages).map(([code, message]) => [message, code as OfficeHoursProblem]),
);
const isOfficeHoursProblem = (value: string | undefined): value is OfficeHoursProblem => value !== undefined && value in officeHoursMessages;

/** The schedule's errors ("schedules.2.endTimeA": "endBeforeStart") as the office-hours editor shows them, one entry per day. */
export function scheduleProblems(errors: FormErrors, days: number): OfficeHoursProblems {
  return Array.from({ length: days }, (_, i) => {
    const day: OfficeHoursProblems[number] = {};
    for (const key of OFFICE_HOURS_TIME_KEYS) {
      const problem = errors[`schedules.${i}.${key}`];
      if (isOfficeHoursProblem(problem)) day[key] = problem;
    }
    return day;
  });
}

/** The server's field messages as the form's keys (unknown ones are shown as sent). */
export function serverErrors(err: unknown): FormErrors | null {
  const fields = validationFields(err);
  if (!fields) return null;
  const map: Record<string, string> = {
    Required: "required",
    "Too Short!": "tooShort",
    "Too Long!": "tooLong",
    [REFERENCE_MESSAGES.integration]: "invalidIntegration",
    [REFERENCE_MESSAGES.fileList]: "invalidFileList",
    ...officeHoursCodes,
  };
  const out: FormErrors = {};
  for (const [key, message] of Object.entries(fields)) out[key] = map[message] ?? message;
  return out;
}

/** Immutable edit of the option at `path` (indexes from the first level down). */
export function updateOptionAt(options: OptionDraft[], path: readonly number[], change: (o: OptionDraft) => OptionDraft | null): OptionDraft[] {
  const [head, ...rest] = path;
  if (head === undefined) return options;
  const out: OptionDraft[] = [];
  options.forEach((o, i) => {
    if (i !== head) {
      out.push(o);
      return;
    }
    const next = rest.length ? { ...o, options: updateOptionAt(o.options, rest, change) } : change(o);
    if (next) out.push(next);
  });
  return out;
}
