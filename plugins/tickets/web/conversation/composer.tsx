import { useCallback, useRef, useState, type KeyboardEvent } from "react";
import { Button, Icon, Menu, MenuItem, PopoverNext, Switch, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Zone } from "../../../../web/src/plugin/zone.tsx";
import { toastError } from "../../../../web/src/ui/toast.ts";
import type { MessageView, TicketView } from "../../shared/ticket-types.ts";
import { useSendMediaMutation, useSendMessageMutation } from "../messages-api.ts";
import type { ComposerKeyHandler } from "../zones.ts";
import { AudioRecorder } from "./audio-recorder.tsx";
import { ButtonsDialog } from "./buttons-dialog.tsx";
import { EmojiPicker } from "./emoji-picker.tsx";
import { MediaPreviewDialog, type CaptionedFile } from "./media-preview-dialog.tsx";
import { canWrite, safeFileName } from "./message-rules.ts";
import { SendContactDialog } from "./send-contact-dialog.tsx";
import type { useSignature } from "./use-signature.ts";

export interface ComposerProps {
  ticket: TicketView;
  quoted: MessageView | null;
  onCancelQuote: () => void;
  /** A message the API answered for a send (applied before its socket event arrives). */
  onSent: (message: unknown) => void;
  signature: ReturnType<typeof useSignature>;
}

/** The multipart body of one attachment: its caption, the toggles, the quoted message and the file (spaces in its name become underscores). */
export function mediaForm(file: File, caption: string, isPrivate: boolean, signMessage: boolean, quotedId?: number): FormData {
  const form = new FormData();
  form.append("body", caption.trim());
  form.append("isPrivate", String(isPrivate));
  form.append("signMessage", String(signMessage));
  if (quotedId) form.append("quotedMsg", String(quotedId));
  form.append("medias", new File([file], safeFileName(file.name), { type: file.type }));
  return form;
}

/**
 * Where the attendant writes (spec 000 §2): text with emoji, attachments with captions,
 * contact cards, buttons, audio; signature and private toggles; the quoted message.
 * Active only for open and group tickets.
 */
export function Composer({ ticket, quoted, onCancelQuote, onSent, signature }: ComposerProps) {
  const { t } = useTranslation("tickets");
  const writable = canWrite(ticket);
  const [text, setText] = useState("");
  const [isPrivate, setPrivate] = useState(false);
  const [recording, setRecording] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [dialog, setDialog] = useState<"contact" | "buttons" | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const mediaInput = useRef<HTMLInputElement>(null);
  const docInput = useRef<HTMLInputElement>(null);
  const [sendMessage, sendingText] = useSendMessageMutation();
  const [sendMedia] = useSendMediaMutation();

  const sendText = async () => {
    const body = text.trim();
    // Empty or whitespace-only text is never sent (spec 000 §5).
    if (!body || !writable || sendingText.isLoading) return;
    try {
      const quotedMsg = quoted ? { id: quoted.id, body: quoted.body, fromMe: quoted.fromMe, mediaType: quoted.mediaType } : undefined;
      onSent(await sendMessage({ ticketId: ticket.id, body: { body, isPrivate, signMessage: signature.sign, ...(quotedMsg ? { quotedMsg } : {}) } }).unwrap());
      setText("");
      onCancelQuote();
    } catch (err) {
      toastError(err);
    }
  };

  const sendFiles = async (items: CaptionedFile[]) => {
    try {
      for (const { file, caption } of items) onSent(await sendMedia({ ticketId: ticket.id, form: mediaForm(file, caption, isPrivate, signature.sign, quoted?.id) }).unwrap());
      setFiles([]);
      onCancelQuote();
    } catch (err) {
      toastError(err);
    }
  };

  const sendAudio = async (file: File) => {
    try {
      onSent(await sendMedia({ ticketId: ticket.id, form: mediaForm(file, "", isPrivate, false, quoted?.id) }).unwrap());
      onCancelQuote();
    } catch (err) {
      toastError(err);
    }
  };

  // The `tickets.composerTools` zone (the quick-reply flash, ...): tools set the text, attach
  // files and see the input's keys before the composer does.
  const keyHandlers = useRef(new Set<ComposerKeyHandler>());
  const registerKeyHandler = useCallback((handler: ComposerKeyHandler) => {
    keyHandlers.current.add(handler);
    return () => void keyHandlers.current.delete(handler);
  }, []);
  const setTextFromTool = useCallback((next: string) => {
    setText(next);
    requestAnimationFrame(() => area.current?.focus());
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    for (const handler of keyHandlers.current) if (handler(e)) return;
    // Enter sends, Shift+Enter starts a new line; an IME composition keeps its Enter.
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void sendText();
    }
  };

  const insertEmoji = (emoji: string) => {
    const el = area.current;
    const at = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? at;
    setText(text.slice(0, at) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + emoji.length, at + emoji.length);
    });
  };

  const pick = (list: FileList | null) => {
    if (list?.length) setFiles(Array.from(list));
  };

  const disabledHint = ticket.status === "pending" ? t("conversation.composer.acceptFirst") : t("conversation.composer.closedHint");

  return (
    <section className="composer" aria-label={t("conversation.composer.label")}>
      {!writable ? (
        <div className="composer-hint" role="note">
          <Icon icon="info-sign" /> {disabledHint}
        </div>
      ) : null}
      {quoted ? (
        <div className="composer-reply">
          <div className="composer-reply-text">
            <strong>{quoted.fromMe ? t("conversation.message.you") : (quoted.contact?.name ?? "")}</strong>
            <span>{quoted.body || t(`conversation.media.kinds.${quoted.mediaType}`, { defaultValue: quoted.mediaType })}</span>
          </div>
          <Button variant="minimal" icon="cross" aria-label={t("conversation.composer.cancelReply")} onClick={onCancelQuote} />
        </div>
      ) : null}
      <div className="composer-toggles">
        {signature.allowed ? (
          <Switch inline label={t("conversation.composer.sign")} checked={signature.on} disabled={!writable} onChange={(e) => signature.set(e.currentTarget.checked)} />
        ) : null}
        <Switch inline label={t("conversation.composer.private")} checked={isPrivate} disabled={!writable} onChange={(e) => setPrivate(e.currentTarget.checked)} />
      </div>
      <Zone name="tickets.composerTools" props={{ ticket, text, setText: setTextFromTool, attachFiles: setFiles, registerKeyHandler, disabled: !writable }} />
      <div className="composer-row">
        {!recording ? (
          <>
            <EmojiPicker onPick={insertEmoji} disabled={!writable} />
            <PopoverNext
              placement="top-start"
              disabled={!writable}
              content={
                <Menu aria-label={t("conversation.composer.attach")}>
                  <MenuItem icon="media" text={t("conversation.composer.attachMedia")} onClick={() => mediaInput.current?.click()} />
                  <MenuItem icon="document" text={t("conversation.composer.attachDocument")} onClick={() => docInput.current?.click()} />
                  <MenuItem icon="person" text={t("conversation.composer.attachContact")} onClick={() => setDialog("contact")} />
                  <MenuItem icon="widget-button" text={t("conversation.composer.attachButtons")} onClick={() => setDialog("buttons")} />
                </Menu>
              }
            >
              <Button variant="minimal" icon="paperclip" disabled={!writable} aria-label={t("conversation.composer.attach")} title={t("conversation.composer.attach")} />
            </PopoverNext>
            <TextArea
              inputRef={area}
              className="composer-input"
              fill
              autoResize
              rows={1}
              value={text}
              disabled={!writable}
              placeholder={writable ? t("conversation.composer.placeholder") : disabledHint}
              aria-label={t("conversation.composer.placeholder")}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
            />
          </>
        ) : null}
        {text.trim() || !writable ? (
          <Button
            variant="minimal"
            intent="primary"
            icon="send-message"
            aria-label={t("conversation.composer.send")}
            disabled={!writable || !text.trim()}
            loading={sendingText.isLoading}
            onClick={() => void sendText()}
          />
        ) : (
          <AudioRecorder channel={ticket.channelKind} disabled={!writable} onRecorded={sendAudio} onRecordingChange={setRecording} />
        )}
      </div>
      <input ref={mediaInput} type="file" accept="image/*,video/*" multiple hidden data-testid="media-input" onChange={(e) => (pick(e.target.files), (e.target.value = ""))} />
      <input ref={docInput} type="file" multiple hidden data-testid="document-input" onChange={(e) => (pick(e.target.files), (e.target.value = ""))} />
      <MediaPreviewDialog files={files} onClose={() => setFiles([])} onSend={sendFiles} />
      <SendContactDialog isOpen={dialog === "contact"} ticketId={ticket.id} onClose={() => setDialog(null)} onSent={onSent} />
      <ButtonsDialog isOpen={dialog === "buttons"} ticketId={ticket.id} onClose={() => setDialog(null)} onSent={onSent} />
    </section>
  );
}
