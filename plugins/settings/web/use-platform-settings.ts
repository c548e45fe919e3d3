import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRealtimeEvent } from "../../../web/src/realtime/realtime.ts";
import { useAppDispatch } from "../../../web/src/store/store.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import { settingsApi, useGetSettingsQuery, useUpdateSettingMutation } from "./settings-api.ts";
import { fieldMessage } from "./use-company-options.ts";

/** The realtime event the server sends to every company when a platform setting changes. */
export const PLATFORM_SETTINGS_EVENT = "platform-settings";

/**
 * The super user's platform settings (GET /settings answers them all to a super user),
 * saved one key at a time like the company options.
 */
export function usePlatformSettings() {
  const { t } = useTranslation("settings");
  const dispatch = useAppDispatch();
  const query = useGetSettingsQuery();
  const [update] = useUpdateSettingMutation();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const apply = useCallback(
    (key: string, value: string) => {
      dispatch(
        settingsApi.util.updateQueryData("getSettings", undefined, (draft) => {
          draft[key] = value;
        }),
      );
    },
    [dispatch],
  );

  useRealtimeEvent(PLATFORM_SETTINGS_EVENT, (payload: { setting?: { key?: string; value?: string } }) => {
    const s = payload?.setting;
    if (s?.key && typeof s.value === "string") apply(s.key, s.value);
  });

  const save = async (key: string, value: string): Promise<string | undefined> => {
    const previous = query.data?.[key];
    apply(key, value);
    setPending((p) => new Set(p).add(key));
    try {
      await update({ key, value }).unwrap();
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

  return { values: query.data, isLoading: query.isLoading, pending, save };
}
