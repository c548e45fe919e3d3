import { useMemo, useState } from "react";
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent, Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useRecordDialog } from "../../../web/src/ui/index.ts";
import { blankChat, canSave, chatToForm, validateChat, type ChatForm } from "./chat-form.ts";
import { useCompanyUsersQuery } from "./company-users-api.ts";
import { useCreateChatMutation, useGetChatQuery, useUpdateChatMutation, type ChatView } from "./chats-api.ts";
import { useMyId } from "./use-chat-inbox.ts";

export interface ChatDialogProps {
  isOpen: boolean;
  /** null creates a chat. */
  chatId: number | null;
  onClose: () => void;
  onSaved?: (chat: ChatView) => void;
}

/**
 * Create or edit a chat (spec 000 §5): a title and the members, picked among the company's
 * other users; Save stays disabled until both are there. The caller owns a new chat and is
 * always one of its members.
 */
export function ChatDialog({ isOpen, chatId, onClose, onSaved }: ChatDialogProps) {
  const { t } = useTranslation("chats");
  const me = useMyId();
  const [filter, setFilter] = useState("");
  const [createChat] = useCreateChatMutation();
  const [updateChat] = useUpdateChatMutation();
  const users = useCompanyUsersQuery(undefined, { skip: !isOpen });
  const dialog = useRecordDialog({
    isOpen,
    id: chatId,
    useRecord: useGetChatQuery,
    blank: blankChat,
    toForm: (chat: ChatView) => chatToForm(chat, me),
    validate: validateChat,
    save: (form: ChatForm, id) => {
      const payload = { title: form.title.trim(), users: form.users };
      return (id === null ? createChat(payload) : updateChat({ id, ...payload })).unwrap();
    },
    messages: { saved: t("dialog.saved") },
    onClose,
    onSaved,
    onOpen: () => setFilter(""),
  });
  const { form, errors, set, frame } = dialog;
  const title = frame.isNew ? t("dialog.addTitle") : t("dialog.editTitle");
  const others = useMemo(() => {
    const term = filter.trim().toLowerCase();
    return (users.data ?? []).filter((u) => u.id !== me && (!term || u.name.toLowerCase().includes(term)));
  }, [users.data, me, filter]);
  const toggle = (id: number, on: boolean) => set("users", on ? [...form.users, id] : form.users.filter((u) => u !== id));

  return (
    <Dialog isOpen={isOpen} onClose={frame.busy ? undefined : onClose} title={title} icon="chat" style={{ width: 460, maxWidth: "calc(100vw - 32px)" }}>
      <form onSubmit={frame.onSubmit} noValidate aria-label={title}>
        <DialogBody>
          {frame.loading ? (
            <Spinner size={32} />
          ) : (
            <>
              <FormGroup
                label={t("dialog.title")}
                labelFor="chat-title"
                intent={errors.title ? Intent.DANGER : Intent.NONE}
                helperText={errors.title ? t("dialog.required") : undefined}
              >
                <InputGroup
                  id="chat-title"
                  value={form.title}
                  autoFocus
                  maxLength={100}
                  intent={errors.title ? Intent.DANGER : Intent.NONE}
                  onChange={(e) => set("title", e.target.value)}
                />
              </FormGroup>
              <FormGroup
                label={t("dialog.users")}
                labelFor="chat-users-filter"
                intent={errors.users ? Intent.DANGER : Intent.NONE}
                helperText={errors.users ? t("dialog.required") : undefined}
              >
                <InputGroup id="chat-users-filter" leftIcon="search" placeholder={t("dialog.filter")} value={filter} onChange={(e) => setFilter(e.target.value)} />
                <fieldset className="chats-members" aria-label={t("dialog.users")}>
                  {users.isFetching && !users.data ? <Spinner size={20} /> : null}
                  {users.data && others.length === 0 ? <p style={{ margin: 0 }}>{t("dialog.noUsers")}</p> : null}
                  {others.map((u) => (
                    <Checkbox key={u.id} label={u.name} checked={form.users.includes(u.id)} onChange={(e) => toggle(u.id, e.currentTarget.checked)} />
                  ))}
                </fieldset>
              </FormGroup>
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("dialog.cancel")} variant="minimal" onClick={onClose} disabled={frame.busy} />
              <Button type="submit" intent={Intent.PRIMARY} text={frame.isNew ? t("dialog.add") : t("dialog.save")} loading={frame.busy} disabled={!canSave(form)} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
