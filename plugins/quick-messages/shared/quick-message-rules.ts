/**
 * The rules both sides apply (spec 000 §4, §6): who sees a quick message and who may
 * change it. Pure functions so the server enforces them and the page shows them.
 */
export interface QuickMessageAccess {
  userId: number | null;
  geral: boolean;
  visao: boolean;
}

/** The caller sees their own messages, general ones and the ones shared as visible. */
export function isVisibleTo(row: QuickMessageAccess, userId: number): boolean {
  return row.userId === userId || row.geral || row.visao;
}

/** Locked: shared-visible, not general and owned by someone else (spec 000 §4). */
export function isLockedFor(row: QuickMessageAccess, userId: number): boolean {
  return row.visao && !row.geral && row.userId !== userId;
}

/** Editable: the owner's or a general message (spec 000 §6), and visible at all. */
export function isEditableBy(row: QuickMessageAccess, userId: number): boolean {
  return row.userId === userId || row.geral;
}

/** A message others may see, so its changes are announced to the whole company. */
export function isShared(row: Pick<QuickMessageAccess, "geral" | "visao">): boolean {
  return row.geral || row.visao;
}

/** Spec 000 §9: the quick-reply preview is cut at 90 characters. */
export const PREVIEW_LENGTH = 90;

export function previewText(message: string, max = PREVIEW_LENGTH): string {
  return message.length > max ? `${message.slice(0, max)}...` : message;
}
