import { useState } from "react";
import { Checkbox, FormGroup } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../../web/src/ui/index.ts";
import { useUploadFlowMediaMutation } from "../flows-api.ts";
import { compressImage } from "../image-compress.ts";
import { MediaPicker } from "./media-picker.tsx";
import { NodeDialogShell, type NodeDialogProps } from "./node-dialog-shell.tsx";
import type { MediaKind } from "./node-validation.ts";

/**
 * The img / audio / video nodes (`{url}`, audio `{url, record}`): one file, uploaded on save to
 * `/flowbuilder/{img|audio|video}` (images compressed at 0.7 first); `url` is the stored name.
 * The original's video dialog posted to the audio path; ours posts to `/flowbuilder/video`,
 * whose 20 MB limit is the one spec 002 §5 states for video.
 */
export function MediaDialog({ kind, data, mode, onClose, onSave }: NodeDialogProps & { kind: MediaKind }) {
  const { t } = useTranslation("flows");
  const [upload, uploading] = useUploadFlowMediaMutation();
  const [file, setFile] = useState<File | null>(null);
  const [record, setRecord] = useState(data.record !== false);
  const [error, setError] = useState<string | null>(null);
  const stored = typeof data.url === "string" ? data.url : "";
  const save = async () => {
    if (!file && !stored) return setError(t("validation.emptyCards"));
    let url = stored;
    if (file) {
      const form = new FormData();
      const sent = kind === "img" ? await compressImage(file) : file;
      form.append("medias", sent, sent.name);
      try {
        url = (await upload({ kind, form }).unwrap()).name;
      } catch (err) {
        return setError(errorMessage(err));
      }
    }
    onSave({ ...data, url, ...(kind === "audio" ? { record } : {}) });
  };
  return (
    <NodeDialogShell kind={kind} mode={mode} error={error} busy={uploading.isLoading} busyText={t("editor.uploading")} onClose={onClose} onSave={() => void save()}>
      <FormGroup label={t(`nodes.${kind}`)} labelFor="node-media">
        <MediaPicker kind={kind} id="node-media" fileName={file?.name ?? stored} onPick={setFile} onProblem={setError} />
      </FormGroup>
      {kind === "audio" && <Checkbox label={t("fields.record")} checked={record} onChange={(e) => setRecord(e.currentTarget.checked)} />}
    </NodeDialogShell>
  );
}
