import { useState } from "react";
import { toastError, toastSuccess } from "./toast.ts";
import { useConfirmedAction } from "./use-confirmed-action.ts";

export interface RecordEditorOptions<R extends { id: number }, V, F extends string> {
  /** Creates a record (`editing` is null) or updates the one being edited. */
  persist(values: V, editing: R | null): Promise<unknown>;
  remove(record: R): Promise<unknown>;
  /** The server's refusal as messages under the form's fields. */
  fieldErrors(err: unknown): Partial<Record<F, string>>;
  messages: { saved: string; saveFailed: string; deleted: string };
}

/**
 * The state of a "form on top, table below" editor (plans, companies): the record the
 * form edits, the server's field errors, a key that remounts the form when it resets,
 * and save / confirmed delete with their toasts. Deleting the record being edited
 * empties the form.
 * @example
 *   const editor = useRecordEditor({ persist, remove, fieldErrors, messages });
 *   <PlanForm key={editor.formKey} {...editor.formProps} initial={initial} />
 *   <PlansTable onEdit={editor.edit} onDelete={editor.deletion.ask} />
 *   <ConfirmDialog {...editor.deletion.dialog} title=... message=... />
 */
export function useRecordEditor<R extends { id: number }, V, F extends string>({ persist, remove, fieldErrors, messages }: RecordEditorOptions<R, V, F>) {
  const [editing, setEditing] = useState<R | null>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, string>>>({});
  const [formKey, setFormKey] = useState(0);

  const reset = () => {
    setEditing(null);
    setServerErrors({});
    setFormKey((k) => k + 1);
  };
  const edit = (record: R) => {
    setServerErrors({});
    setEditing(record);
  };
  const save = async (values: V) => {
    setServerErrors({});
    try {
      await persist(values, editing);
      toastSuccess(messages.saved);
      reset();
    } catch (err) {
      setServerErrors(fieldErrors(err));
      toastError(messages.saveFailed);
    }
  };
  const deletion = useConfirmedAction(remove, {
    success: messages.deleted,
    onDone: (record) => {
      if (editing?.id === record.id) reset();
    },
  });

  return {
    editing,
    edit,
    reset,
    /** Changes whenever the form must start over: use it as the form's key. */
    formKey,
    /** What the form needs from the editor: which record it edits, the server's field errors, submit and cancel. */
    formProps: { editingId: editing?.id ?? null, serverErrors, onSubmit: save, onCancel: reset },
    deletion,
  };
}
