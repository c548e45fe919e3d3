import { FormGroup, HTMLSelect, InputGroup, Intent, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { AvatarPicker } from "./avatar-picker.tsx";
import type { FormErrors, UserForm } from "./user-form.ts";
import { UserQueuesField } from "./user-queues-field.tsx";
import type { QueueChoice } from "./users-api.ts";

export interface GeneralFieldsProps {
  form: UserForm;
  errors: FormErrors;
  isNew: boolean;
  /** `user-modal:editProfile`: the profile select and the work hours. */
  editProfile: boolean;
  set: <K extends keyof UserForm>(key: K, value: UserForm[K]) => void;
  currentImage: string | null;
  avatarFile: File | null;
  onAvatar: (file: File | null) => void;
  /** The company's queues when `user-modal:editQueues` is held and the queues plugin answers; else no queue field. */
  queueChoices?: QueueChoice[] | null;
}

/** The dialog's General tab. */
export function UserGeneralFields({ form, errors, isNew, editProfile, set, currentImage, avatarFile, onAvatar, queueChoices }: GeneralFieldsProps) {
  const { t } = useTranslation("users");
  const field = (key: keyof UserForm) => ({
    intent: errors[key] ? Intent.DANGER : Intent.NONE,
    helperText: errors[key] ? t(`validation.${errors[key]}`) : undefined,
  });
  const text = (key: "name" | "email" | "password" | "startWork" | "endWork") => (e: { target: { value: string } }) => set(key, e.target.value);

  return (
    <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))", columnGap: 12 }}>
      <FormGroup label={t("fields.name")} labelFor="user-name" {...field("name")}>
        <InputGroup id="user-name" value={form.name} onChange={text("name")} intent={field("name").intent} autoFocus maxLength={60} />
      </FormGroup>
      <FormGroup label={t("fields.email")} labelFor="user-email" {...field("email")}>
        <InputGroup id="user-email" type="email" value={form.email} onChange={text("email")} intent={field("email").intent} maxLength={150} />
      </FormGroup>
      <FormGroup
        label={t("fields.password")}
        labelFor="user-password"
        {...field("password")}
        helperText={field("password").helperText ?? (isNew ? undefined : t("fields.passwordKeep"))}
      >
        <InputGroup
          id="user-password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={text("password")}
          intent={field("password").intent}
          maxLength={60}
        />
      </FormGroup>
      {editProfile ? (
        <FormGroup label={t("fields.profile")} labelFor="user-profile">
          <HTMLSelect id="user-profile" fill value={form.profile} onChange={(e) => set("profile", e.target.value as UserForm["profile"])}>
            <option value="user">{t("profiles.user")}</option>
            <option value="admin">{t("profiles.admin")}</option>
          </HTMLSelect>
        </FormGroup>
      ) : null}
      {editProfile ? (
        <>
          <FormGroup label={t("fields.startWork")} labelFor="user-start-work" {...field("startWork")}>
            <InputGroup id="user-start-work" type="time" value={form.startWork} onChange={text("startWork")} intent={field("startWork").intent} />
          </FormGroup>
          <FormGroup label={t("fields.endWork")} labelFor="user-end-work" {...field("endWork")}>
            <InputGroup id="user-end-work" type="time" value={form.endWork} onChange={text("endWork")} intent={field("endWork").intent} />
          </FormGroup>
        </>
      ) : null}
      <FormGroup label={t("fields.defaultTheme")} labelFor="user-theme">
        <HTMLSelect id="user-theme" fill value={form.defaultTheme} onChange={(e) => set("defaultTheme", e.target.value as UserForm["defaultTheme"])}>
          <option value="light">{t("themes.light")}</option>
          <option value="dark">{t("themes.dark")}</option>
        </HTMLSelect>
      </FormGroup>
      <FormGroup label={t("fields.defaultMenu")} labelFor="user-menu">
        <HTMLSelect id="user-menu" fill value={form.defaultMenu} onChange={(e) => set("defaultMenu", e.target.value as UserForm["defaultMenu"])}>
          <option value="open">{t("menus.open")}</option>
          <option value="closed">{t("menus.closed")}</option>
        </HTMLSelect>
      </FormGroup>
      {queueChoices ? (
        <div style={{ gridColumn: "1 / -1" }}>
          <UserQueuesField
            queues={queueChoices}
            value={form.queueIds}
            onChange={(ids) => set("queueIds", ids)}
            error={errors.queueIds ? t(`validation.${errors.queueIds}`) : undefined}
          />
        </div>
      ) : null}
      <FormGroup label={t("fields.farewellMessage")} labelFor="user-farewell" style={{ gridColumn: "1 / -1" }}>
        <TextArea id="user-farewell" fill rows={2} maxLength={1000} value={form.farewellMessage} onChange={(e) => set("farewellMessage", e.target.value)} />
      </FormGroup>
      <div style={{ gridColumn: "1 / -1" }}>
        <AvatarPicker name={form.name} current={currentImage} file={avatarFile} onChange={onAvatar} />
      </div>
    </div>
  );
}
