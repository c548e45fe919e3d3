import { FormGroup, HTMLSelect, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { ConnectionHandlerProps } from "../../connections/web/public.ts";
import { useGetPromptsQuery } from "./prompts-api.ts";

/** `connections.dialog.handlers`: the AI prompt that takes the connection's new conversations. */
export function ConnectionPromptSelect({ values, set, errors }: ConnectionHandlerProps) {
  const { t } = useTranslation("prompts");
  const { data } = useGetPromptsQuery();
  const choices = [{ value: "", label: t("select.none") }, ...(data?.prompts ?? []).map((p) => ({ value: String(p.id), label: p.name }))];
  return (
    <FormGroup label={t("select.connectionLabel")} labelFor="connection-prompt" intent={errors.promptId ? Intent.DANGER : Intent.NONE} helperText={errors.promptId}>
      <HTMLSelect
        id="connection-prompt"
        fill
        value={values.promptId ? String(values.promptId) : ""}
        options={choices}
        onChange={(e) => set("promptId", e.currentTarget.value ? Number(e.currentTarget.value) : null)}
      />
    </FormGroup>
  );
}
