import { useEffect, useState, type FormEvent } from "react";
import { Button, Dialog, DialogBody, DialogFooter, Intent, Spinner, Tab, Tabs } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { userUpdated } from "../../../web/src/session/session-slice.ts";
import { useSession } from "../../../web/src/session/session.ts";
import { useAppDispatch } from "../../../web/src/store/store.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
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
  const data = (err as { data?: { error?: string; fields?: Record<string, string> } })?.data;
  if (data?.error !== "ERR_VALIDATION" || !data.fields) return null;
  const out: FormErrors = {};
  for (const [key, message] of Object.entries(data.fields)) if (key in newUserForm) out[key as keyof UserForm] = serverFieldError(message);
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
  const dispatch = useAppDispatch();
  const isNew = userId === null;
  const editProfile = session.can("user-modal:editProfile");
  // The queues field needs the rule and the queues plugin (GET /queue fails without it).
  const queueChoices = useGetQueueChoicesQuery(undefined, { skip: !isOpen || !session.can("user-modal:editQueues") });
  const editQueues = Boolean(queueChoices.data);
  // currentData: never the previously opened user's data while the next one loads
  const { currentData: user, isFetching, isError } = useGetUserQuery(userId ?? 0, { skip: !isOpen || isNew, refetchOnMountOrArgChange: true });
  const [createUser, creating] = useCreateUserMutation();
  const [updateUser, updating] = useUpdateUserMutation();
  const [uploadAvatar, uploading] = useUploadAvatarMutation();
  const [form, setForm] = useState<UserForm>(newUserForm);
  const [errors, setErrors] = useState<FormErrors>({});
  const [avatar, setAvatar] = useState<File | null>(null);
  const [tab, setTab] = useState<"general" | "permissions">("general");

  useEffect(() => {
    if (!isOpen) return;
    setErrors({});
    setAvatar(null);
    setTab("general");
    if (isNew) setForm(newUserForm);
  }, [isOpen, isNew, userId]);
  useEffect(() => {
    if (isOpen && !isNew && user) setForm(formFromUser(user));
  }, [isOpen, isNew, user]);
  useEffect(() => {
    if (isError) toastError(t("messages.loadError"));
  }, [isError, t]);

  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const found = validateUser(form, isNew);
    if (Object.keys(found).length) {
      setErrors(found);
      setTab("general");
      return;
    }
    try {
      const payload = toPayload(form, { editProfile, editQueues });
      let saved = userId === null ? await createUser(payload).unwrap() : await updateUser({ id: userId, ...payload }).unwrap();
      if (avatar) saved = await uploadAvatar({ id: saved.id, file: avatar }).unwrap();
      if (saved.id === session.user?.id) dispatch(userUpdated(saved));
      toastSuccess(t("messages.saved"));
      onSaved?.(saved);
      onClose();
    } catch (err) {
      const fields = fieldsOf(err);
      if (fields) {
        setErrors(fields);
        setTab("general");
      } else toastError(err);
    }
  };

  const busy = creating.isLoading || updating.isLoading || uploading.isLoading;
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
    <Dialog isOpen={isOpen} onClose={busy ? undefined : onClose} title={isNew ? t("dialog.addTitle") : t("dialog.editTitle")} icon="person" style={{ width: 640, maxWidth: "calc(100vw - 32px)" }}>
      <form onSubmit={submit} noValidate aria-label={isNew ? t("dialog.addTitle") : t("dialog.editTitle")}>
        <DialogBody>
          {!isNew && isFetching && !user ? (
            <Spinner size={32} />
          ) : editProfile ? (
            <Tabs id="user-dialog-tabs" selectedTabId={tab} onChange={(id) => setTab(id as typeof tab)}>
              <Tab id="general" title={t("dialog.tabs.general")} panel={general} />
              <Tab id="permissions" title={t("dialog.tabs.permissions")} panel={<UserPermissionsFields form={form} set={set} />} />
            </Tabs>
          ) : (
            general
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("dialog.cancel")} variant="minimal" onClick={onClose} disabled={busy} />
              <Button type="submit" intent={Intent.PRIMARY} text={isNew ? t("dialog.add") : t("dialog.save")} loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
