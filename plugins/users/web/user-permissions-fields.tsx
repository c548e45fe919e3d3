import { Switch } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toggleFlags, type UserForm } from "./user-form.ts";

/** The dialog's Permissions tab: one switch per flag (shown with `user-modal:editProfile`). */
export function UserPermissionsFields({ form, set }: { form: UserForm; set: <K extends keyof UserForm>(key: K, value: UserForm[K]) => void }) {
  const { t } = useTranslation("users");
  return (
    <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(260px, 1fr))", gap: 4 }}>
      <Switch label={t("permissions.allTicket")} checked={form.allTicket === "enable"} onChange={(e) => set("allTicket", e.currentTarget.checked ? "enable" : "disable")} />
      <Switch label={t("permissions.allowGroup")} checked={form.allowGroup} onChange={(e) => set("allowGroup", e.currentTarget.checked)} />
      {toggleFlags.map((flag) => (
        <Switch key={flag} label={t(`permissions.${flag}`)} checked={form[flag] === "enabled"} onChange={(e) => set(flag, e.currentTarget.checked ? "enabled" : "disabled")} />
      ))}
    </div>
  );
}
