import { useState, type KeyboardEvent } from "react";
import { Button, Intent, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../web/src/ui/index.ts";
import { useSendChatMessageMutation, type ChatMessageView } from "./chats-api.ts";

/**
 * The message box (spec 000 §5): Enter sends, Shift+Enter starts a new line, blank text is
 * not sent. The text stays when the send fails, so nothing typed is lost.
 */
export function ChatComposer({ chatId, onSent }: { chatId: number; onSent: (message: ChatMessageView) => void }) {
  const { t } = useTranslation("chats");
  const [text, setText] = useState("");
  const [send, sending] = useSendChatMessageMutation();

  const submit = async () => {
    const message = text.trim();
    if (!message || sending.isLoading) return;
    try {
      const sent = await send({ chatId, message }).unwrap();
      setText("");
      onSent(sent);
    } catch (err) {
      toastError(err);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composing a word uses Enter to confirm it, not to send.
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className="chats-composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t("messages.placeholder")}
        aria-label={t("messages.placeholder")}
        rows={2}
        fill
      />
      <Button
        type="submit"
        intent={Intent.PRIMARY}
        icon="send-message"
        aria-label={t("messages.send")}
        title={t("messages.send")}
        loading={sending.isLoading}
        disabled={!text.trim()}
      />
    </form>
  );
}
