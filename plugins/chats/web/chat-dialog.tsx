import { useMemo, useState } from "react";
import { Checkbox, FormGroup, InputGroup, Intent, Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { RecordDialog, useRecordDialog } from "../../../web/src/ui/index.ts";
import { useUserSummariesQuery } from "../../users/web/public.ts";
import { blankChat, canSave, chatToForm, validateChat, type ChatForm } from "./chat-form.ts";
import { useCreateChatMutation, useGetChatQuery, useUpdateChatMutation, type ChatView } from "./chats-api.ts";
import { useMyId } from "./use-chat-inbox.ts";

export interface ChatDialogProps {
  isOpen: boolean;
  /** The chat edited (the open one); null creates a chat. */
  chat: Pick<ChatView, "id" | "uuid"> | null;
  onClose: () => void;
  onSaved?: (chat: ChatView) => void;
}

/**
 * Create or edit a chat (spec 000 §5): a title and the members, picked among the company's
 * other users; Save stays disabled until both are there. The caller owns a new chat and is
 * always one of its members.
 */
export function ChatDialog({ isOpen, chat, onClose, onSaved }: ChatDialogProps) {
  const { t } = useTranslation("chats");
  const me = useMyId();
  const [filter, setFilter] = useState("");
  const [createChat] = useCreateChatMutation();
  const [updateChat] = useUpdateChatMutation();
  // The users plugin's shared GET /users/list (id and name are all the picker needs).
  const users = useUserSummariesQuery(undefined, { skip: !isOpen });
  const dialog = useRecordDialog({
    isOpen,
    // By uuid, as the page reads the open chat: one cache entry for the chat, not a second one by id.
    id: chat?.uuid ?? null,
    useRecord: useGetChatQuery,
    blank: blankChat,
    toForm: (record: ChatView) => chatToForm(record, me),
    validate: validateChat,
    save: (form: ChatForm) => {
      const payload = { title: form.title.trim(), users: form.users };
      return (chat ? updateChat({ id: chat.id, ...payload }) : createChat(payload)).unwrap();
    },
    messages: { saved: t("dialog.saved") },
    onClose,
    onSaved,
    onOpen: () => setFilter(""),
  });
  const { form, errors, set } = dialog;
  const others = useMemo(() => {
    const term = filter.trim().toLowerCase();
    return (users.data ?? []).filter((u) => u.id !== me && (!term || u.name.toLowerCase().includes(term)));
  }, [users.data, me, filter]);
  const toggle = (id: number, on: boolean) => set("users", on ? [...form.users, id] : form.users.filter((u) => u !== id));

  return (
    <RecordDialog {...dialog.frame} ns="chats" icon="chat" width={460} submitDisabled={!canSave(form)}>
      <FormGroup label={t("dialog.title")} labelFor="chat-title" intent={errors.title ? Intent.DANGER : Intent.NONE} helperText={errors.title ? t("dialog.required") : undefined}>
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
    </RecordDialog>
  );
}
