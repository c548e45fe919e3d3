/** The tag dialog's values. */
export interface TagForm {
  name: string;
  color: string;
}

export type TagErrors = Partial<Record<keyof TagForm, string>>;

/** Spec 000 §5: the tag screen's name is required ('Obrigatório') and at least 3 long ('Mensagem muito curta'). */
export function validateTag(form: TagForm): TagErrors {
  const errors: TagErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = "Obrigatório";
  else if (name.length < 3) errors.name = "Mensagem muito curta";
  else if (name.length > 50) errors.name = "Too Long!";
  if (!/^#[0-9a-fA-F]{6}$/.test(form.color)) errors.color = "Invalid color";
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
};
export const messageKey = (message: string): string => messageKeys[message] ?? message;
