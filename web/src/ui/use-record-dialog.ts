import { useEffect, useState, type FormEvent } from "react";
import { refusalOf, validationFields } from "./refusal.ts";
import { toastError, toastSuccess } from "./toast.ts";

/** What the helper needs of an RTK Query `useGetXQuery(id)` hook (keyed by id, or by another key such as a uuid). */
export type RecordQueryHook<R, K extends RecordKey = number> = (
  id: K,
  options: { skip: boolean; refetchOnMountOrArgChange: true },
) => { currentData?: R; isFetching: boolean; isError: boolean };

/** A form's errors: a message (or i18n key) per field, possibly nested (`extraInfo: { 0: "Required" }`). */
export type FieldErrors = object;

/** How a dialog names the record it edits: its id, or the key its page already reads it by (a chat's uuid), so the record has one cache entry. */
export type RecordKey = number | string;

export interface RecordDialogOptions<R extends { id: number }, F extends object, E extends FieldErrors, K extends RecordKey = number> {
  isOpen: boolean;
  /** The record being edited; null creates one. */
  id: K | null;
  /** Reads the record being edited, e.g. `useGetTagQuery`. */
  useRecord: RecordQueryHook<R, K>;
  /** A new record's form, taken each time the dialog opens in create mode. */
  blank: () => F;
  /** The form of the record being edited. */
  toForm: (record: R) => F;
  /** The spec's checks before sending (no keys: valid). */
  validate?: (form: F) => E;
  /** Creates (`id` null) or updates, and answers the saved record. */
  save: (form: F, id: K | null) => Promise<R>;
  /**
   * The field errors of a refusal, or null to toast it instead. By default, ERR_VALIDATION's
   * messages for the fields the form has, and `codeErrors` for other codes.
   */
  fieldErrors?: (err: unknown) => E | null;
  /** Errors for refusal codes that concern one field, e.g. `{ ERR_DUPLICATED_NAME: { name: t("validation.duplicated") } }`. */
  codeErrors?: Record<string, E>;
  /** Success toast; `loadError` is toasted when the edited record cannot be read. */
  messages: { saved: string; loadError?: string };
  onClose: () => void;
  onSaved?: (record: R) => void;
  /** Runs each time the dialog opens (reset a tab, a picked file). */
  onOpen?: () => void;
  /** Runs when errors are shown, local or the server's (e.g. show the tab that holds them). */
  onErrors?: (errors: E) => void;
}

/** Drops a field's errors and those of anything inside it ("schedules" clears "schedules.0.startTimeA"). */
function withoutField<E extends FieldErrors>(errors: E, key: string): E {
  // Removing keys from a map of optional messages leaves a map of the same type.
  return Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key && !k.startsWith(`${key}.`))) as E;
}

/**
 * The state of a create/edit record dialog (spec 001 §4 "Forms"): the form (blank, or the
 * record once read), local checks, save, the success toast, the server's field errors shown
 * on the fields (`{ error: "ERR_VALIDATION", fields }`) and the shared error toast for the
 * rest. `frame` feeds `RecordDialog`, which draws the dialog around the fields.
 * @example
 *   const dialog = useRecordDialog({ isOpen, id: tagId, useRecord: useGetTagQuery, blank, toForm, validate,
 *     save: (form, id) => (id === null ? createTag(form) : updateTag({ id, ...form })).unwrap(),
 *     messages: { saved: t("messages.saved") }, onClose, onSaved });
 *   <RecordDialog {...dialog.frame} ns="tags" icon="tag" width={440}>
 *     <InputGroup value={dialog.form.name} onChange={(e) => dialog.set("name", e.target.value)} />
 *   </RecordDialog>
 */
export function useRecordDialog<R extends { id: number }, F extends object, E extends FieldErrors, K extends RecordKey = number>(options: RecordDialogOptions<R, F, E, K>) {
  const { isOpen, id, useRecord, blank, toForm, validate, save, fieldErrors, codeErrors, messages, onClose, onSaved, onOpen, onErrors } = options;
  const isNew = id === null;
  // currentData: never the previously opened record's data while the next one loads
  // Creating skips the read, so the placeholder key is never sent, whatever the key's type.
  const { currentData: record, isFetching, isError } = useRecord(id ?? (0 as K), { skip: !isOpen || isNew, refetchOnMountOrArgChange: true });
  const [form, setForm] = useState<F>(blank);
  const [errors, setErrors] = useState<E>({} as E);
  const [saving, setSaving] = useState(false);

  // Opening starts over; the callbacks are read when it opens, not on every render.
  useEffect(() => {
    if (!isOpen) return;
    setErrors({} as E);
    onOpen?.();
    if (isNew) setForm(blank());
  }, [isOpen, isNew, id]);
  useEffect(() => {
    if (isOpen && !isNew && record) setForm(toForm(record));
  }, [isOpen, isNew, record]);
  useEffect(() => {
    if (isError && messages.loadError) toastError(messages.loadError);
  }, [isError, messages.loadError]);

  const show = (found: E) => {
    setErrors(found);
    onErrors?.(found);
  };

  const serverErrors = (err: unknown): E | null => {
    if (fieldErrors) return fieldErrors(err);
    const code = refusalOf(err)?.error;
    if (code && codeErrors?.[code]) return codeErrors[code];
    const fields = validationFields(err);
    const known = Object.entries(fields ?? {}).filter(([key]) => key in form);
    return known.length ? (Object.fromEntries(known) as E) : null;
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const found = validate?.(form);
    if (found && Object.keys(found).length) return show(found);
    setSaving(true);
    try {
      const saved = await save(form, id);
      toastSuccess(messages.saved);
      onSaved?.(saved);
      onClose();
    } catch (err) {
      const fields = serverErrors(err);
      if (fields) show(fields);
      else toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return {
    isNew,
    /** The record being edited, once read. */
    record,
    form,
    setForm,
    /** Changes one field and drops its errors. */
    set: <K extends keyof F>(key: K, value: F[K]) => {
      setForm((f) => ({ ...f, [key]: value }));
      setErrors((current) => withoutField(current, String(key)));
    },
    errors,
    submit,
    busy: saving,
    /** What `RecordDialog` needs. */
    frame: { isOpen, isNew, busy: saving, loading: !isNew && isFetching && !record, onSubmit: submit, onClose },
  };
}
