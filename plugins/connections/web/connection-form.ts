import { defaultOfficeHours, fullWeek, hasProblems, type OfficeHours, officeHoursProblems, type OfficeHoursProblems } from "../../office-hours/web/public.ts";
import { REFERENCE_MESSAGES } from "../../queues/web/public.ts";
import { isHttpUrl, MESSAGES, NAME_MAX, NAME_MIN, type Channel } from "../shared/connection-rules.ts";
import type { Connection, ConnectionPayload } from "./connections-api.ts";

/** The dialog's values: inputs keep text, selects keep "" for "none". */
export interface ConnectionForm {
  name: string;
  isDefault: boolean;
  queueIds: number[];
  webhookUrl: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  inactiveMessage: string;
  maxUseBotQueues: string;
  timeUseBotQueues: string;
  timeSendQueue: string;
  sendIdQueue: string;
  expiresTicket: string;
  whenExpiresTicket: "0" | "1";
  expiresTicketNPS: string;
  maxUseBotQueuesNPS: string;
  expiresInactiveMessage: string;
  timeInactiveMessage: string;
  timeCreateNewTicket: string;
  allowGroup: boolean;
  groupAsTicket: "disabled" | "enabled";
  integrationId: string;
  promptId: string;
  flowIdWelcome: string;
  flowIdNotPhrase: string;
  enableImportMessage: boolean;
  /** datetime-local text (YYYY-MM-DDTHH:mm, the browser's time). */
  importOldMessages: string;
  importRecentMessages: string;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  queueIdImportMessages: string;
  collectiveVacationStart: string;
  collectiveVacationEnd: string;
  collectiveVacationMessage: string;
  privacyLink: string;
  privacyGreeting: string;
  hideDeletedMessages: boolean;
  alwaysAskConfirmation: boolean;
  schedules: OfficeHours[];
}

/** Field -> i18n key under "validation." (or a server text shown as it is). */
export type FormErrors = Partial<Record<keyof ConnectionForm | string, string>>;

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO instant as the browser's datetime-local text. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const fromLocalInput = (v: string): string | null => {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

const idText = (v: number | null | undefined) => (v ? String(v) : "");

/** A new connection: the spec's defaults (maxUseBotQueues 3, NPS 3, default office hours). */
export function newConnectionForm(): ConnectionForm {
  return {
    name: "",
    isDefault: false,
    queueIds: [],
    webhookUrl: "",
    greetingMessage: "",
    complationMessage: "",
    outOfHoursMessage: "",
    ratingMessage: "",
    inactiveMessage: "",
    maxUseBotQueues: "3",
    timeUseBotQueues: "0",
    timeSendQueue: "0",
    sendIdQueue: "",
    expiresTicket: "0",
    whenExpiresTicket: "0",
    expiresTicketNPS: "0",
    maxUseBotQueuesNPS: "3",
    expiresInactiveMessage: "",
    timeInactiveMessage: "0",
    timeCreateNewTicket: "0",
    allowGroup: false,
    groupAsTicket: "disabled",
    integrationId: "",
    promptId: "",
    flowIdWelcome: "",
    flowIdNotPhrase: "",
    enableImportMessage: false,
    importOldMessages: "",
    importRecentMessages: "",
    importOldMessagesGroups: false,
    closedTicketsPostImported: false,
    queueIdImportMessages: "",
    collectiveVacationStart: "",
    collectiveVacationEnd: "",
    collectiveVacationMessage: "",
    privacyLink: "",
    privacyGreeting: "",
    hideDeletedMessages: false,
    alwaysAskConfirmation: false,
    schedules: defaultOfficeHours(),
  };
}

export function formFromConnection(c: Connection): ConnectionForm {
  return {
    name: c.name,
    isDefault: c.isDefault,
    queueIds: c.queueIds ?? c.queues?.map((q) => q.id) ?? [],
    webhookUrl: c.webhookUrl ?? "",
    greetingMessage: c.greetingMessage ?? "",
    complationMessage: c.complationMessage ?? "",
    outOfHoursMessage: c.outOfHoursMessage ?? "",
    ratingMessage: c.ratingMessage ?? "",
    inactiveMessage: c.inactiveMessage ?? "",
    maxUseBotQueues: String(c.maxUseBotQueues ?? 3),
    timeUseBotQueues: String(c.timeUseBotQueues ?? 0),
    timeSendQueue: String(c.timeSendQueue ?? 0),
    sendIdQueue: idText(c.sendIdQueue),
    expiresTicket: String(c.expiresTicket ?? 0),
    whenExpiresTicket: c.whenExpiresTicket === "1" ? "1" : "0",
    expiresTicketNPS: String(c.expiresTicketNPS ?? 0),
    maxUseBotQueuesNPS: String(c.maxUseBotQueuesNPS ?? 3),
    expiresInactiveMessage: c.expiresInactiveMessage ?? "",
    timeInactiveMessage: String(c.timeInactiveMessage ?? 0),
    timeCreateNewTicket: String(c.timeCreateNewTicket ?? 0),
    allowGroup: !!c.allowGroup,
    groupAsTicket: c.groupAsTicket === "enabled" ? "enabled" : "disabled",
    integrationId: idText(c.integrationId),
    promptId: idText(c.promptId),
    flowIdWelcome: idText(c.flowIdWelcome),
    flowIdNotPhrase: idText(c.flowIdNotPhrase),
    enableImportMessage: !!c.enableImportMessage,
    importOldMessages: toLocalInput(c.importOldMessages),
    importRecentMessages: toLocalInput(c.importRecentMessages),
    importOldMessagesGroups: !!c.importOldMessagesGroups,
    closedTicketsPostImported: !!c.closedTicketsPostImported,
    queueIdImportMessages: idText(c.queueIdImportMessages),
    collectiveVacationStart: c.collectiveVacationStart?.slice(0, 10) ?? "",
    collectiveVacationEnd: c.collectiveVacationEnd?.slice(0, 10) ?? "",
    collectiveVacationMessage: c.collectiveVacationMessage ?? "",
    privacyLink: c.privacyLink ?? "",
    privacyGreeting: c.privacyGreeting ?? "",
    hideDeletedMessages: !!c.hideDeletedMessages,
    alwaysAskConfirmation: !!c.alwaysAskConfirmation,
    // A connection saved without hours gets the spec's default week to start from.
    schedules: c.schedules?.length ? fullWeek(c.schedules) : defaultOfficeHours(),
  };
}

const num = (v: string) => (v.trim() === "" ? 0 : Number(v));
const ref = (v: string) => (v ? Number(v) : null);

/** The body of POST/PUT /whatsapp; schedules only when the company schedules by connection. */
export function toPayload(f: ConnectionForm, opts: { channel: Channel; isNew: boolean; withSchedules: boolean }): ConnectionPayload {
  const body: ConnectionPayload = {
    name: f.name.trim(),
    isDefault: f.isDefault,
    queueIds: f.queueIds,
    greetingMessage: f.greetingMessage,
    complationMessage: f.complationMessage,
    outOfHoursMessage: f.outOfHoursMessage,
    ratingMessage: f.ratingMessage,
    inactiveMessage: f.inactiveMessage,
    maxUseBotQueues: num(f.maxUseBotQueues),
    timeUseBotQueues: num(f.timeUseBotQueues),
    timeSendQueue: num(f.timeSendQueue),
    sendIdQueue: ref(f.sendIdQueue),
    expiresTicket: num(f.expiresTicket),
    whenExpiresTicket: f.whenExpiresTicket,
    expiresTicketNPS: num(f.expiresTicketNPS),
    maxUseBotQueuesNPS: num(f.maxUseBotQueuesNPS),
    expiresInactiveMessage: f.expiresInactiveMessage,
    timeInactiveMessage: num(f.timeInactiveMessage),
    timeCreateNewTicket: num(f.timeCreateNewTicket),
    allowGroup: f.allowGroup,
    groupAsTicket: f.groupAsTicket,
    integrationId: ref(f.integrationId),
    promptId: ref(f.promptId),
    flowIdWelcome: ref(f.flowIdWelcome),
    flowIdNotPhrase: ref(f.flowIdNotPhrase),
    enableImportMessage: f.enableImportMessage,
    importOldMessages: fromLocalInput(f.importOldMessages),
    importRecentMessages: fromLocalInput(f.importRecentMessages),
    importOldMessagesGroups: f.importOldMessagesGroups,
    closedTicketsPostImported: f.closedTicketsPostImported,
    queueIdImportMessages: ref(f.queueIdImportMessages),
    collectiveVacationStart: f.collectiveVacationStart || null,
    collectiveVacationEnd: f.collectiveVacationEnd || null,
    collectiveVacationMessage: f.collectiveVacationMessage,
    privacyLink: f.privacyLink.trim(),
    privacyGreeting: f.privacyGreeting,
    hideDeletedMessages: f.hideDeletedMessages,
    alwaysAskConfirmation: f.alwaysAskConfirmation,
  };
  if (opts.channel === "api") body.webhookUrl = f.webhookUrl.trim();
  if (opts.withSchedules) body.schedules = f.schedules;
  if (opts.isNew) body.channel = opts.channel;
  return body;
}

/** Same window as the server: two (366-day) years back. */
const TWO_YEARS_MS = 2 * 366 * 24 * 60 * 60 * 1000;
const isAmount = (v: string) => v.trim() === "" || (/^\d+$/.test(v.trim()) && Number(v) <= 1_000_000);

/** Error keys (under "validation.") for the values, by the spec's connection form rules (001 §5). */
export function validateConnection(
  f: ConnectionForm,
  opts: { npsEnabled: boolean; channel: Channel; withSchedules: boolean; now?: Date },
): { errors: FormErrors; schedules: OfficeHoursProblems } {
  const e: FormErrors = {};
  const now = (opts.now ?? new Date()).getTime();
  const name = f.name.trim();
  if (!name) e.name = "required";
  else if (name.length < NAME_MIN) e.name = "tooShort";
  else if (name.length > NAME_MAX) e.name = "tooLong";
  if (opts.channel === "api" && f.webhookUrl.trim() && !isHttpUrl(f.webhookUrl.trim())) e.webhookUrl = "invalidUrl";
  if (f.privacyLink.trim() && !isHttpUrl(f.privacyLink.trim())) e.privacyLink = "invalidUrl";
  for (const key of [
    "maxUseBotQueues",
    "timeUseBotQueues",
    "timeSendQueue",
    "expiresTicket",
    "expiresTicketNPS",
    "maxUseBotQueuesNPS",
    "timeInactiveMessage",
    "timeCreateNewTicket",
  ] as const)
    if (!isAmount(f[key])) e[key] = "invalidNumber";
  if (opts.npsEnabled) {
    if (!f.ratingMessage.trim()) e.ratingMessage = "npsMessage";
    if (!num(f.expiresTicketNPS)) e.expiresTicketNPS = "npsTime";
  }
  if (num(f.timeSendQueue) && !f.sendIdQueue) e.sendIdQueue = "sendQueue";
  if (f.sendIdQueue && !num(f.timeSendQueue)) e.timeSendQueue = "sendQueue";
  if (f.collectiveVacationMessage.trim()) {
    if (!f.collectiveVacationStart) e.collectiveVacationStart = "required";
    if (!f.collectiveVacationEnd) e.collectiveVacationEnd = "required";
  }
  if (f.collectiveVacationStart && f.collectiveVacationEnd && f.collectiveVacationEnd < f.collectiveVacationStart) e.collectiveVacationEnd = "vacationEnd";
  if (f.enableImportMessage) {
    if (!f.queueIdImportMessages) e.queueIdImportMessages = "importQueue";
    const old = f.importOldMessages ? new Date(f.importOldMessages).getTime() : null;
    if (old !== null && (Number.isNaN(old) || old < now - TWO_YEARS_MS || old > now)) e.importOldMessages = "importOld";
    if (f.importRecentMessages) {
      const recent = new Date(f.importRecentMessages).getTime();
      if (Number.isNaN(recent) || recent > now || recent < (old ?? now - TWO_YEARS_MS)) e.importRecentMessages = "importRecent";
    }
  }
  const schedules = opts.withSchedules ? officeHoursProblems(f.schedules) : [];
  if (hasProblems(schedules)) e.schedules = "schedules";
  return { errors: e, schedules };
}

/** The server's texts the dialog knows, as its own keys (so they show translated). */
const knownServerTexts: Record<string, string> = {
  Required: "required",
  "Too Short!": "tooShort",
  "Too Long!": "tooLong",
  "Invalid URL": "invalidUrl",
  "Invalid value": "invalidValue",
  "Invalid date": "invalidDate",
  "Invalid queue": "invalidQueue",
  [REFERENCE_MESSAGES.integration]: "invalidIntegration",
  [REFERENCE_MESSAGES.prompt]: "invalidPrompt",
  [REFERENCE_MESSAGES.flow]: "invalidFlow",
  [MESSAGES.npsTime]: "npsTime",
  [MESSAGES.npsMessage]: "npsMessage",
  [MESSAGES.sendQueue]: "sendQueue",
  "A data final deve ser igual ou posterior à data inicial": "vacationEnd",
  "A data deve estar entre dois anos atrás e agora": "importOld",
  "A data deve estar entre a data antiga e agora": "importRecent",
};

/** `{ error: "ERR_VALIDATION", fields }` from the server as the form's errors; null for any other failure. */
export function serverErrors(err: unknown): FormErrors | null {
  const data = (err as { data?: { error?: string; fields?: Record<string, string> } } | null)?.data;
  if (data?.error !== "ERR_VALIDATION" || !data.fields || typeof data.fields !== "object") return null;
  const out: FormErrors = {};
  for (const [path, message] of Object.entries(data.fields)) {
    // "schedules.2.endTimeA" marks the office hours tab; other paths name the field.
    const field = path.split(".")[0]!;
    out[field] = knownServerTexts[message] ?? message;
  }
  return out;
}

export type TabId = "general" | "integrations" | "messages" | "chatbot" | "nps" | "schedules";

const tabOfField: Record<string, TabId> = {
  integrationId: "integrations",
  promptId: "integrations",
  flowIdWelcome: "integrations",
  flowIdNotPhrase: "integrations",
  greetingMessage: "messages",
  complationMessage: "messages",
  outOfHoursMessage: "messages",
  inactiveMessage: "messages",
  collectiveVacationStart: "messages",
  collectiveVacationEnd: "messages",
  collectiveVacationMessage: "messages",
  maxUseBotQueues: "chatbot",
  timeUseBotQueues: "chatbot",
  timeSendQueue: "chatbot",
  sendIdQueue: "chatbot",
  expiresTicket: "chatbot",
  whenExpiresTicket: "chatbot",
  expiresInactiveMessage: "chatbot",
  timeInactiveMessage: "chatbot",
  timeCreateNewTicket: "chatbot",
  enableImportMessage: "chatbot",
  importOldMessages: "chatbot",
  importRecentMessages: "chatbot",
  queueIdImportMessages: "chatbot",
  ratingMessage: "nps",
  expiresTicketNPS: "nps",
  maxUseBotQueuesNPS: "nps",
  schedules: "schedules",
};

const tabOrder: TabId[] = ["general", "integrations", "messages", "chatbot", "nps", "schedules"];

/** The first tab (in the dialog's order) that holds an error, so the person sees it. */
export function firstTabWithError(errors: FormErrors): TabId | null {
  const tabs = new Set(Object.keys(errors).map((k) => tabOfField[k] ?? "general"));
  return tabOrder.find((t) => tabs.has(t)) ?? null;
}
