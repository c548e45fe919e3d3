/**
 * The tag-name rule, written once (spec 000 §5): 3 to 50 characters once trimmed. The tag
 * screen says 'Mensagem muito curta' below 3; a tag typed elsewhere (the contact tag editor,
 * an import's tag column or tag list) says 'Tag muito curta!'. Plain values, no library: the
 * web's forms, the server's zod schemas and the import's row check all read these.
 */
export const TAG_NAME_MIN = 3;
export const TAG_NAME_MAX = 50;
export const TAG_NAME_TOO_SHORT = "Tag muito curta!";
export const TAG_NAME_TOO_LONG = "Too Long!";

/** What is wrong with a typed tag name (trimmed first), or null when it may be a tag. */
export function typedTagNameProblem(name: string): typeof TAG_NAME_TOO_SHORT | typeof TAG_NAME_TOO_LONG | null {
  const length = name.trim().length;
  if (length < TAG_NAME_MIN) return TAG_NAME_TOO_SHORT;
  if (length > TAG_NAME_MAX) return TAG_NAME_TOO_LONG;
  return null;
}
