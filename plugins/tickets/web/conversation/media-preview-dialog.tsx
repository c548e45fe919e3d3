import { useEffect, useMemo, useState } from "react";
import { Button, Dialog, DialogBody, DialogFooter, Icon, Intent, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";

export interface CaptionedFile {
  file: File;
  caption: string;
}

export interface MediaPreviewDialogProps {
  files: File[];
  onClose: () => void;
  onSend: (items: CaptionedFile[]) => Promise<void>;
}

/** A local preview of an attachment (object URL, revoked when it goes away). */
function Preview({ file }: { file: File }) {
  const url = useMemo(() => (typeof URL.createObjectURL === "function" ? URL.createObjectURL(file) : ""), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL?.(url)), [url]);
  if (url && file.type.startsWith("image/")) return <img className="media-preview" src={url} alt={file.name} />;
  // biome-ignore lint/a11y/useMediaCaption: a local preview of the agent's own file before sending; there is no caption track to attach.
  if (url && file.type.startsWith("video/")) return <video className="media-preview" src={url} controls />;
  return (
    <div className="media-preview media-preview-file">
      <Icon icon="document" size={48} />
      <div>{file.name}</div>
    </div>
  );
}

/** The chosen files before sending: one caption each (up to 5 rows), previous/next, send all (spec 000 §2). */
export function MediaPreviewDialog({ files, onClose, onSend }: MediaPreviewDialogProps) {
  const { t } = useTranslation("tickets");
  const [index, setIndex] = useState(0);
  const [captions, setCaptions] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setIndex(0);
    setCaptions(files.map(() => ""));
  }, [files]);

  const file = files[index];
  const send = async () => {
    setBusy(true);
    try {
      await onSend(files.map((f, i) => ({ file: f, caption: captions[i] ?? "" })));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen={files.length > 0}
      onClose={busy ? undefined : onClose}
      title={t("conversation.media.previewTitle", { index: index + 1, count: files.length })}
      icon="paperclip"
      style={{ width: 560, maxWidth: "calc(100vw - 32px)" }}
    >
      <DialogBody>
        {file ? (
          <>
            <Preview file={file} />
            <div className="media-preview-name">{file.name}</div>
            <TextArea
              fill
              rows={2}
              style={{ maxHeight: "8.5em" }}
              value={captions[index] ?? ""}
              placeholder={t("conversation.media.caption")}
              aria-label={t("conversation.media.captionFor", { name: file.name })}
              onChange={(e) => setCaptions((c) => c.map((v, i) => (i === index ? e.target.value : v)))}
            />
          </>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button icon="chevron-left" aria-label={t("conversation.media.previous")} disabled={index === 0 || busy} onClick={() => setIndex((i) => i - 1)} />
            <Button icon="chevron-right" aria-label={t("conversation.media.next")} disabled={index >= files.length - 1 || busy} onClick={() => setIndex((i) => i + 1)} />
            <Button variant="minimal" text={t("conversation.cancel")} onClick={onClose} disabled={busy} />
            <Button intent={Intent.PRIMARY} icon="send-message" text={t("conversation.composer.send")} loading={busy} onClick={() => void send()} />
          </>
        }
      />
    </Dialog>
  );
}
