import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { apiBase } from "../../../../web/src/api/api.ts";
import { toastError } from "../../../../web/src/ui/toast.ts";
import type { ComposerToolProps } from "../../../tickets/web/public.ts";
import type { QuickMessage } from "../quick-messages-api.ts";
import { QuickReplyFlash, useQuickReplyFlash } from "./quick-reply-flash.tsx";

/** Spec 000 §5: spaces in attachment names become underscores (as the composer names any file); a nameless one is "arquivo". */
const attachmentName = (name: string | null) => (name ?? "arquivo").trim().replace(/\s+/g, "_") || "file";

/**
 * The composer's quick-reply flash, contributed to the `tickets.composerTools` zone: its text
 * goes into the composer; an attachment goes through the media preview (the usual attach
 * flow), fetched from where the server serves it.
 */
export function QuickReplyTool({ text, setText, attachFiles, registerKeyHandler }: ComposerToolProps) {
  const { t } = useTranslation("quick-messages");
  const pickQuickReply = async (qm: QuickMessage) => {
    setText(qm.message);
    if (!qm.mediaUrl) return;
    try {
      const res = await fetch(`${apiBase}${qm.mediaUrl}`);
      if (!res.ok) throw new Error(t("quickReplies.mediaFailed"));
      const blob = await res.blob();
      attachFiles([new File([blob], attachmentName(qm.mediaName), { type: blob.type })]);
    } catch (err) {
      toastError(err instanceof Error && err.message ? err.message : err);
    }
  };
  const flash = useQuickReplyFlash(text, (qm) => void pickQuickReply(qm));
  // The composer keeps one handler per tool; the latest flash state answers each key.
  const keys = useRef(flash.onKeyDown);
  keys.current = flash.onKeyDown;
  useEffect(() => registerKeyHandler((e) => keys.current(e)), [registerKeyHandler]);
  return <QuickReplyFlash {...flash} />;
}
