import type { ReactNode } from "react";
import { Callout, FormGroup, HTMLSelect, InputGroup, Intent, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { RecordDialog, useRecordDialog } from "../../../web/src/ui/index.ts";
import { HAND_OFF_MARKER, VOICES } from "../shared/prompt-rules.ts";
import { blankPrompt, type PromptErrors, type PromptForm, validatePrompt } from "./prompt-form.ts";
import { type Prompt, useCreatePromptMutation, useGetPromptQuery, usePromptQueueOptionsQuery, useUpdatePromptMutation } from "./prompts-api.ts";

export interface PromptDialogProps {
  isOpen: boolean;
  promptId: number | null;
  onClose: () => void;
}

/** Create or edit a prompt (spec 002 §2.12, §3, §5). */
export function PromptDialog({ isOpen, promptId, onClose }: PromptDialogProps) {
  const { t } = useTranslation("prompts");
  const [create] = useCreatePromptMutation();
  const [update] = useUpdatePromptMutation();
  const { data: queues = [] } = usePromptQueueOptionsQuery(undefined, { skip: !isOpen });
  const dialog = useRecordDialog({
    isOpen,
    id: promptId,
    useRecord: useGetPromptQuery,
    blank: blankPrompt,
    toForm: (p: Prompt): PromptForm => ({
      name: p.name,
      prompt: p.prompt,
      queueId: p.queueId ? String(p.queueId) : "",
      apiKey: p.apiKey ?? "",
      model: p.model,
      maxTokens: String(p.maxTokens),
      temperature: String(p.temperature),
      maxMessages: String(p.maxMessages),
      voice: p.voice,
      voiceKey: p.hasVoiceKey ? "********" : "",
      voiceRegion: p.voiceRegion ?? "",
    }),
    validate: (form): PromptErrors => validatePrompt(form),
    save: (form, id) => {
      const payload = {
        name: form.name.trim(),
        prompt: form.prompt,
        queueId: Number(form.queueId),
        apiKey: form.apiKey.trim(),
        model: form.model.trim(),
        maxTokens: Number(form.maxTokens),
        temperature: Number(form.temperature),
        maxMessages: Number(form.maxMessages),
        voice: form.voice as (typeof VOICES)[number],
        voiceKey: form.voiceKey || null,
        voiceRegion: form.voiceRegion || null,
      };
      return (id === null ? create(payload) : update({ id, ...payload })).unwrap();
    },
    messages: { saved: t("messages.saved") },
    onClose,
  });
  const { form, errors, set } = dialog;
  const field = (key: keyof PromptForm, label: string, input: ReactNode) => (
    <FormGroup label={label} labelFor={`prompt-${key}`} intent={errors[key] ? Intent.DANGER : Intent.NONE} helperText={errors[key]}>
      {input}
    </FormGroup>
  );
  const text = (key: keyof PromptForm, type = "text") => (
    <InputGroup id={`prompt-${key}`} type={type} value={form[key]} intent={errors[key] ? Intent.DANGER : Intent.NONE} onChange={(e) => set(key, e.target.value)} />
  );

  return (
    <RecordDialog {...dialog.frame} ns="prompts" icon="predictive-analysis" width={620}>
      {field("name", t("fields.name"), text("name"))}
      {field("apiKey", t("fields.apiKey"), text("apiKey", "password"))}
      {field("prompt", t("fields.prompt"), <TextArea id="prompt-prompt" fill rows={6} value={form.prompt} onChange={(e) => set("prompt", e.target.value)} />)}
      <Callout intent={Intent.PRIMARY} icon="info-sign" style={{ marginBottom: 12 }}>
        {t("help.marker", { marker: HAND_OFF_MARKER })}
      </Callout>
      {field(
        "queueId",
        t("fields.queue"),
        <HTMLSelect
          id="prompt-queueId"
          fill
          value={form.queueId}
          onChange={(e) => set("queueId", e.currentTarget.value)}
          options={[{ value: "", label: t("fields.chooseQueue") }, ...queues.map((q) => ({ value: String(q.id), label: q.name }))]}
        />,
      )}
      <div style={{ display: "flex", gap: 12 }}>
        {field("model", t("fields.model"), text("model"))}
        {field("maxTokens", t("fields.maxTokens"), text("maxTokens", "number"))}
        {field("temperature", t("fields.temperature"), text("temperature", "number"))}
        {field("maxMessages", t("fields.maxMessages"), text("maxMessages", "number"))}
      </div>
      {field(
        "voice",
        t("fields.voice"),
        <HTMLSelect
          id="prompt-voice"
          fill
          value={form.voice}
          onChange={(e) => set("voice", e.currentTarget.value)}
          options={VOICES.map((v) => ({ value: v, label: v === "texto" ? t("fields.textOnly") : v }))}
        />,
      )}
      {form.voice !== "texto" ? (
        <div style={{ display: "flex", gap: 12 }}>
          {field("voiceKey", t("fields.voiceKey"), text("voiceKey", "password"))}
          {field("voiceRegion", t("fields.voiceRegion"), text("voiceRegion"))}
        </div>
      ) : null}
    </RecordDialog>
  );
}
