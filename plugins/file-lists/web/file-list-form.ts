/** The dialog's values: options keep their stored id (and file) or are new; `file` is a picked upload. */
export interface FileListForm {
  name: string;
  message: string;
  options: { id?: number; name: string; fileName: string | null; file: File | null }[];
}

export type FileListErrors = Partial<Record<"name" | "message", string>>;

/** Spec 002 §5: name at least 3 ('nome muito curto'); message required ('Obrigatório'). */
export function validateFileList(form: FileListForm): FileListErrors {
  const errors: FileListErrors = {};
  if (form.name.trim().length < 3) errors.name = "nome muito curto";
  if (!form.message.trim()) errors.message = "Obrigatório";
  return errors;
}

/** The i18n key of a server or local field message. */
export const messageKey = (message: string) => ({ "nome muito curto": "validation.nameShort", Obrigatório: "validation.required" })[message] ?? message;
