import { useCallback } from "react";
import { useRealtimeEvent } from "../../../web/src/realtime/realtime.ts";
import { useAppDispatch } from "../../../web/src/store/store.ts";
import { settingsApi, useGetSettingsQuery, useUpdateSettingMutation } from "./settings-api.ts";
import { onSettingEvent, useSettingSaver } from "./use-setting-saver.ts";

/** The realtime event the server sends to every company when a platform setting changes. */
export const PLATFORM_SETTINGS_EVENT = "platform-settings";

/**
 * The super user's platform settings (GET /settings answers them all to a super user),
 * saved one key at a time like the company options.
 */
export function usePlatformSettings() {
  const dispatch = useAppDispatch();
  const query = useGetSettingsQuery();
  const [update] = useUpdateSettingMutation();

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

  useRealtimeEvent(PLATFORM_SETTINGS_EVENT, onSettingEvent(apply));

  const { pending, save } = useSettingSaver(query.data, apply, (key, value) => update({ key, value }).unwrap());

  return { values: query.data, isLoading: query.isLoading, pending, save };
}
