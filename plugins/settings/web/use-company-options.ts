import { useCallback } from "react";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { userUpdated } from "../../../web/src/session/session-slice.ts";
import { useSession } from "../../../web/src/session/session.ts";
import { useAppDispatch } from "../../../web/src/store/store.ts";
import { settingsApi, useGetCompanySettingsQuery, useUpdateCompanySettingMutation } from "./settings-api.ts";
import { onSettingEvent, useSettingSaver } from "./use-setting-saver.ts";

/**
 * The company's options with save-on-change (spec 001 §4): the new value shows at once,
 * the key is marked "updating" until the server answers, success says so, a failure puts
 * the old value back. The session's copy of the settings (menus, tabs depending on
 * scheduleType...) follows, and changes made elsewhere arrive on `company-{id}-settings`.
 */
export function useCompanyOptions() {
  const dispatch = useAppDispatch();
  const { company } = useSession();
  const companyId = company?.id ?? 0;
  const query = useGetCompanySettingsQuery(companyId, { skip: !companyId });
  const [update] = useUpdateCompanySettingMutation();

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

  useCompanyEvent("settings", onSettingEvent(apply));

  const { pending, save } = useSettingSaver(query.data, apply, async (key, value) => {
    await update({ column: key, data: value }).unwrap();
    syncSession(key, value);
  });

  return { values: query.data, isLoading: query.isLoading, isError: query.isError, pending, save };
}
