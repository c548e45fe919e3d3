import type { ChatView } from "./chats-api.ts";

export interface ChatForm {
  title: string;
  /** The other members (the owner is always one, and not listed here). */
  users: number[];
}
export type ChatErrors = Partial<Record<keyof ChatForm, string>>;

export const blankChat = (): ChatForm => ({ title: "", users: [] });

export const chatToForm = (chat: ChatView, me: number): ChatForm => ({ title: chat.title, users: chat.users.map((u) => u.userId).filter((id) => id !== me) });

/** Spec 000 §5: save is possible only with a title and at least one user. */
export const canSave = (form: ChatForm): boolean => Object.keys(validateChat(form)).length === 0;

export function validateChat(form: ChatForm): ChatErrors {
  const errors: ChatErrors = {};
  if (!form.title.trim()) errors.title = "Required";
  if (!form.users.length) errors.users = "Required";
  return errors;
}
