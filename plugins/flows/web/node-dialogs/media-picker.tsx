import { Button, FileInput } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { MEDIA_RULES, type MediaKind, mediaFileProblem } from "./node-validation.ts";

/**
 * A media card's file (spec 002 §2.8): empty, it shows an upload button; once a file is picked
 * (or the card holds a stored one) the button gives way to the file's name. A file of the wrong
 * type or size is refused at once with the spec's message.
 */
export function MediaPicker(props: { kind: MediaKind; id: string; fileName: string; onPick: (file: File) => void; onProblem: (message: string) => void }) {
  const { t } = useTranslation("flows");
  if (props.fileName) {
    return (
      <div style={{ display: "flex", alignItems: "center", gap: 8 }} data-testid={`${props.id}-file`}>
        <Button icon={props.kind === "img" ? "media" : props.kind === "audio" ? "music" : "video"} variant="minimal" disabled />
        <span style={{ overflow: "hidden", textOverflow: "ellipsis" }}>{props.fileName}</span>
      </div>
    );
  }
  return (
    <FileInput
      fill
      text={t(`fields.pick.${props.kind}`)}
      buttonText={t("fields.upload")}
      inputProps={{ id: props.id, accept: MEDIA_RULES[props.kind].accept, "aria-label": t(`fields.pick.${props.kind}`) }}
      onInputChange={(e) => {
        const input = e.target as HTMLInputElement;
        const file = input.files?.[0];
        if (!file) return;
        const problem = mediaFileProblem(props.kind, file);
        if (problem) {
          input.value = "";
          return props.onProblem(t(`validation.${problem}`));
        }
        props.onPick(file);
      }}
    />
  );
}
