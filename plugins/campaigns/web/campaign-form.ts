import type { Campaign, CampaignPayload } from "./campaigns-api.ts";

export const VARIANTS = [1, 2, 3, 4, 5] as const;
type MessageKey = `message${1 | 2 | 3 | 4 | 5}` | `confirmationMessage${1 | 2 | 3 | 4 | 5}`;

/** The campaign dialog's values (spec 002 §2.2), selects as their option text ("" = none). */
export type CampaignForm = Record<MessageKey, string> & {
  name: string;
  whatsappId: string;
  contactListId: string;
  tagListId: string;
  scheduledAt: string;
  confirmation: boolean;
  openTicket: "enabled" | "disabled";
  userId: string;
  queueId: string;
  statusTicket: "closed" | "pending" | "open";
};
export type CampaignErrors = Partial<Record<keyof CampaignForm, string>>;

const texts = (c?: Campaign) =>
  Object.fromEntries(VARIANTS.flatMap((n) => [`message${n}`, `confirmationMessage${n}`]).map((k) => [k, c ? (c[k as MessageKey] ?? "") : ""])) as Record<MessageKey, string>;
const ref = (v: number | null | undefined) => (v ? String(v) : "");

/** Spec 002 §4.1 defaults: openTicket disabled, statusTicket closed. */
export const blankCampaign = (): CampaignForm => ({
  ...texts(),
  name: "",
  whatsappId: "",
  contactListId: "",
  tagListId: "",
  scheduledAt: "",
  confirmation: false,
  openTicket: "disabled",
  userId: "",
  queueId: "",
  statusTicket: "closed",
});

/** A stored instant as a datetime-local value in the browser's zone (what the field shows). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const campaignToForm = (c: Campaign): CampaignForm => ({
  ...texts(c),
  name: c.name,
  whatsappId: ref(c.whatsappId),
  contactListId: ref(c.contactListId),
  tagListId: ref(c.tagListId),
  scheduledAt: toLocalInput(c.scheduledAt),
  confirmation: c.confirmation,
  openTicket: c.openTicket,
  userId: ref(c.userId),
  queueId: ref(c.queueId),
  statusTicket: c.statusTicket,
});

/** Spec 002 §5: name 2 to 50 and required, the connection required, a queue when a user is chosen. */
export function validateCampaign(f: CampaignForm): CampaignErrors {
  const errors: CampaignErrors = {};
  const name = f.name.trim();
  if (!name) errors.name = "Required";
  else if (name.length < 2) errors.name = "Too Short!";
  else if (name.length > 50) errors.name = "Too Long!";
  if (!f.whatsappId) errors.whatsappId = "Required";
  if (f.openTicket === "enabled" && f.userId && !f.queueId) errors.queueId = "Required";
  return errors;
}

/** The body POST/PUT /campaigns take; a datetime-local value goes with the browser's offset. */
export function campaignPayload(f: CampaignForm): CampaignPayload {
  const num = (v: string) => (v ? Number(v) : null);
  const opens = f.openTicket === "enabled";
  return {
    ...texts(),
    ...Object.fromEntries(Object.entries(f).filter(([k]) => /^(confirmationM|m)essage\d$/.test(k))),
    name: f.name.trim(),
    whatsappId: Number(f.whatsappId),
    contactListId: num(f.contactListId),
    tagListId: num(f.tagListId),
    scheduledAt: f.scheduledAt ? new Date(f.scheduledAt).toISOString() : null,
    confirmation: f.confirmation,
    openTicket: f.openTicket,
    userId: opens ? num(f.userId) : null,
    queueId: opens ? num(f.queueId) : null,
    statusTicket: f.statusTicket,
  };
}

/** Spec 002 §4.1: editable while INATIVA, or PROGRAMADA more than 1 hour ahead. */
export function isEditable(c: Pick<Campaign, "status" | "scheduledAt"> | undefined, now = Date.now()): boolean {
  if (!c) return true;
  if (c.status === "INATIVA") return true;
  return c.status === "PROGRAMADA" && c.scheduledAt != null && new Date(c.scheduledAt).getTime() - now > 3_600_000;
}

/** `{nome}`, `{numero}`, `{email}` filled for a sample contact: the dialog's preview of a variant. */
export function previewText(text: string, sample: { name: string; number: string; email: string }): string {
  return text
    .replace(/\{nome\}/g, sample.name)
    .replace(/\{numero\}/g, sample.number)
    .replace(/\{email\}/g, sample.email);
}
