import { FormGroup, HTMLSelect, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { OptionReferenceProps, QueueHandlerProps } from "../../queues/web/public.ts";
import { useFileListChoicesQuery } from "./file-lists-api.ts";

function useChoices() {
  const { t } = useTranslation("file-lists");
  const { data } = useFileListChoicesQuery();
  return [{ value: "", label: t("select.none") }, ...(data?.files ?? []).map((l) => ({ value: String(l.id), label: l.name }))];
}

/** `queues.dialog.handlers`: the file list sent when a ticket enters the queue. */
export function QueueFileListSelect({ values, set, errors }: QueueHandlerProps) {
  const { t } = useTranslation("file-lists");
  const choices = useChoices();
  return (
    <FormGroup label={t("select.queueLabel")} labelFor="queue-file-list" intent={errors.fileListId ? Intent.DANGER : Intent.NONE} helperText={errors.fileListId}>
      <HTMLSelect
        id="queue-file-list"
        fill
        value={values.fileListId ? String(values.fileListId) : ""}
        options={choices}
        onChange={(e) => set("fileListId", e.currentTarget.value ? Number(e.currentTarget.value) : null)}
      />
    </FormGroup>
  );
}

/** `queues.option.reference.fileList`: the list an "Arquivo" option sends. */
export function OptionFileListSelect({ inputId, value, onChange, invalid }: OptionReferenceProps) {
  const choices = useChoices();
  return (
    <HTMLSelect
      id={inputId}
      fill
      className={invalid ? "bp6-intent-danger" : undefined}
      value={value ? String(value) : ""}
      options={choices}
      onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
    />
  );
}
