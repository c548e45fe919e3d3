import { TAG_NAME_MAX, TAG_NAME_MIN, TAG_NAME_TOO_LONG } from "../shared/tag-name.ts";

/** The tag dialog's values; the lane fields only for a kanban lane (spec 002 §3 "Tag (kanban)"). */
export interface TagForm {
  name: string;
  color: string;
  /** Hours a ticket stays before moving to nextLaneId (0 = never), as typed. */
  timeLane?: string;
  /** Another lane's id, or "" for none. */
  nextLaneId?: string;
  rollbackLaneId?: string;
  greetingMessageLane?: string;
}

export type TagErrors = Partial<Record<keyof TagForm, string>>;

/** Spec 000 §5: the tag screen's name is required ('Obrigatório') and at least 3 long ('Mensagem muito curta'). */
export function validateTag(form: TagForm): TagErrors {
  const errors: TagErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = "Obrigatório";
  else if (name.length < TAG_NAME_MIN) errors.name = "Mensagem muito curta";
  else if (name.length > TAG_NAME_MAX) errors.name = TAG_NAME_TOO_LONG;
  if (!/^#[0-9a-fA-F]{6}$/.test(form.color)) errors.color = "Invalid color";
  if (form.timeLane !== undefined && !/^\d{1,6}$/.test(form.timeLane.trim() || "0")) errors.timeLane = "Invalid hours";
  if ((form.greetingMessageLane ?? "").length > 5000) errors.greetingMessageLane = "Too Long!";
  return errors;
}

/** A random #rrggbb colour for a new tag (spec 000 §9); the server picks one too when none is sent. */
export function randomColor(random: () => number = Math.random): string {
  return `#${Math.floor(random() * 0x1000000)
    .toString(16)
    .padStart(6, "0")}`;
}

/** Spec message -> translation key (pt keeps the spec's own wording). */
const messageKeys: Record<string, string> = {
  Obrigatório: "validation.required",
  Required: "validation.required",
  "Mensagem muito curta": "validation.tooShort",
  "Too Long!": "validation.tooLong",
  "Invalid color": "validation.invalidColor",
  "Invalid hours": "validation.invalidHours",
};
export const messageKey = (message: string): string => messageKeys[message] ?? message;
