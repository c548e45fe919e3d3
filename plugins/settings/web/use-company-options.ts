import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { userUpdated } from "../../../web/src/session/session-slice.ts";
import { useSession } from "../../../web/src/session/session.ts";
import { useAppDispatch } from "../../../web/src/store/store.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import { settingsApi, useGetCompanySettingsQuery, useUpdateCompanySettingMutation } from "./settings-api.ts";

/** The field message an ERR_VALIDATION answer gives for `key`, if any. */
export function fieldMessage(err: unknown, key: string): string | undefined {
  const data = (err as { data?: { error?: string; fields?: Record<string, string> } })?.data;
  return data?.error === "ERR_VALIDATION" ? data.fields?.[key] : undefined;
}

/**
 * The company's options with save-on-change (spec 001 §4): the new value shows at once,
 * the key is marked "updating" until the server answers, success says so, a failure puts
 * the old value back. The session's copy of the settings (menus, tabs depending on
 * scheduleType...) follows, and changes made elsewhere arrive on `company-{id}-settings`.
 */
export function useCompanyOptions() {
  const { t } = useTranslation("settings");
  const dispatch = useAppDispatch();
  const { company } = useSession();
  const companyId = company?.id ?? 0;
  const query = useGetCompanySettingsQuery(companyId, { skip: !companyId });
  const [update] = useUpdateCompanySettingMutation();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const apply = useCallback(
    (key: string, value: string) => {
      dispatch(
        settingsApi.util.updateQueryData("getCompanySettings", companyId, (draft) => {
          draft[key] = value;
        }),
      );
    },
    [dispatch, companyId],
  );
  const syncSession = (key: string, value: string) => {
    if (!company) return;
    const others = company.settings.filter((s) => s.key !== key);
    dispatch(userUpdated({ company: { ...company, settings: [...others, { key, value }] } }));
  };

  useCompanyEvent("settings", (payload: { setting?: { key?: string; value?: string } }) => {
    const s = payload?.setting;
    if (s?.key && typeof s.value === "string") apply(s.key, s.value);
  });

  /** Saves one option; resolves to the field's error message when the server refuses it. */
  const save = async (key: string, value: string): Promise<string | undefined> => {
    const previous = query.data?.[key];
    apply(key, value);
    setPending((p) => new Set(p).add(key));
    try {
      await update({ column: key, data: value }).unwrap();
      syncSession(key, value);
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

  return { values: query.data, isLoading: query.isLoading, isError: query.isError, pending, save };
}
