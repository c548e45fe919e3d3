import { useState } from "react";
import { Tab, Tabs } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { userUpdated } from "../../../web/src/session/session-slice.ts";
import { useSession } from "../../../web/src/session/session.ts";
import { useAppDispatch } from "../../../web/src/store/store.ts";
import { RecordDialog, useRecordDialog, validationFields } from "../../../web/src/ui/index.ts";
import { formFromUser, newUserForm, serverFieldError, toPayload, validateUser, type FormErrors, type UserForm } from "./user-form.ts";
import { UserGeneralFields } from "./user-general-fields.tsx";
import { UserPermissionsFields } from "./user-permissions-fields.tsx";
import { useCreateUserMutation, useGetQueueChoicesQuery, useGetUserQuery, useUpdateUserMutation, useUploadAvatarMutation, type User } from "./users-api.ts";

export interface UserDialogProps {
  isOpen: boolean;
  /** null creates a new user. */
  userId: number | null;
  onClose: () => void;
  onSaved?: (user: User) => void;
}

/** The fields an ERR_VALIDATION answer names, as form errors. */
function fieldsOf(err: unknown): FormErrors | null {
  const fields = validationFields(err);
  if (!fields) return null;
  const out: FormErrors = {};
  for (const [key, message] of Object.entries(fields)) if (key in newUserForm) out[key as keyof UserForm] = serverFieldError(message);
  return Object.keys(out).length ? out : null;
}

/**
 * Create or edit a user: tabs General and Permissions. Profile, work hours and the
 * Permissions tab show only with `user-modal:editProfile` (spec 001 §5); the server
 * enforces the same rules.
 */
export function UserDialog({ isOpen, userId, onClose, onSaved }: UserDialogProps) {
  const { t } = useTranslation("users");
  const session = useSession();
  const appDispatch = useAppDispatch();
  const isNew = userId === null;
  const editProfile = session.can("user-modal:editProfile");
  // The queues field needs the rule and the queues plugin (GET /queue fails without it).
  const queueChoices = useGetQueueChoicesQuery(undefined, { skip: !isOpen || !session.can("user-modal:editQueues") });
  const editQueues = Boolean(queueChoices.data);
  const [createUser] = useCreateUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const [uploadAvatar] = useUploadAvatarMutation();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [tab, setTab] = useState<"general" | "permissions">("general");
  const dialog = useRecordDialog({
    isOpen,
    id: userId,
    useRecord: useGetUserQuery,
    blank: () => newUserForm,
    toForm: formFromUser,
    validate: (form) => validateUser(form, isNew),
    save: async (form, id) => {
      const payload = toPayload(form, { editProfile, editQueues });
      let saved = await (id === null ? createUser({ ...payload, password: form.password }) : updateUser({ id, ...payload })).unwrap();
      if (avatar) saved = await uploadAvatar({ id: saved.id, file: avatar }).unwrap();
      if (saved.id === session.user?.id) appDispatch(userUpdated(saved));
      return saved;
    },
    fieldErrors: fieldsOf,
    messages: { saved: t("messages.saved"), loadError: t("messages.loadError") },
    onClose,
    onSaved,
    onOpen: () => {
      setAvatar(null);
      setTab("general");
    },
    // every field a check can refuse is on the General tab
    onErrors: () => setTab("general"),
  });
  const { form, errors, set, record: user } = dialog;

  const general = (
    <UserGeneralFields
      form={form}
      errors={errors}
      isNew={isNew}
      editProfile={editProfile}
      set={set}
      currentImage={user?.profileImage ?? null}
      avatarFile={avatar}
      onAvatar={setAvatar}
      queueChoices={editQueues ? queueChoices.data : null}
    />
  );

  return (
    <RecordDialog {...dialog.frame} ns="users" icon="person" width={640}>
      {editProfile ? (
        <Tabs id="user-dialog-tabs" selectedTabId={tab} onChange={(id) => setTab(id as typeof tab)}>
          <Tab id="general" title={t("dialog.tabs.general")} panel={general} />
          <Tab id="permissions" title={t("dialog.tabs.permissions")} panel={<UserPermissionsFields form={form} set={set} />} />
        </Tabs>
      ) : (
        general
      )}
    </RecordDialog>
  );
}
