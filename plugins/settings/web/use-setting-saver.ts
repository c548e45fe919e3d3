import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";

/** The field message an ERR_VALIDATION answer gives for `key`, if any. */
export function fieldMessage(err: unknown, key: string): string | undefined {
  const data = (err as { data?: { error?: string; fields?: Record<string, string> } })?.data;
  return data?.error === "ERR_VALIDATION" ? data.fields?.[key] : undefined;
}

/** A realtime handler for `{ setting: { key, value } }` payloads (a setting changed elsewhere). */
export const onSettingEvent =
  (apply: (key: string, value: string) => void) =>
  (payload: { setting?: { key?: string; value?: string } }): void => {
    const s = payload?.setting;
    if (s?.key && typeof s.value === "string") apply(s.key, s.value);
  };

/**
 * Save-on-change for a key/value settings map (spec 001 §4), company options and platform
 * settings alike: `apply` shows the new value at once, the key stays in `pending` until
 * the server answers, success says so, and a failure puts the old value back.
 * `save` resolves to the field's message when the server refuses the value ("error" for
 * any other failure, which gets the shared error toast), undefined on success.
 */
export function useSettingSaver(values: Record<string, string> | undefined, apply: (key: string, value: string) => void, send: (key: string, value: string) => Promise<unknown>) {
  const { t } = useTranslation("settings");
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const save = async (key: string, value: string): Promise<string | undefined> => {
    const previous = values?.[key];
    apply(key, value);
    setPending((p) => new Set(p).add(key));
    try {
      await send(key, value);
      toastSuccess(t("messages.updated"));
      return undefined;
    } catch (err) {
      if (previous !== undefined) apply(key, previous);
      const message = fieldMessage(err, key);
      if (!message) toastError(err);
      return message ?? "error";
    } finally {
      setPending((p) => {
        const next = new Set(p);
        next.delete(key);
        return next;
      });
    }
  };

  return { pending, save };
}
