import { useState } from "react";
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Intent, NumericInput, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { RecordDialog, useRecordDialog } from "../../../web/src/ui/index.ts";
import { INTEGRATION_LANGUAGES, INTEGRATION_TYPES, REQUIRED_FIELDS, TYPEBOT_DEFAULTS, type IntegrationType } from "../shared/integration-types.ts";
import {
  useCreateQueueIntegrationMutation,
  useGetQueueIntegrationQuery,
  useTestQueueIntegrationMutation,
  useUpdateQueueIntegrationMutation,
  type QueueIntegration,
  type QueueIntegrationPayload,
  type TestSessionResult,
} from "./integrations-api.ts";

export interface IntegrationDialogProps {
  isOpen: boolean;
  /** null creates a new integration. */
  integrationId: number | null;
  onClose: () => void;
  onSaved?: (record: QueueIntegration) => void;
}

interface Form {
  name: string;
  type: IntegrationType | "";
  projectName: string;
  /** A new secret typed here; empty keeps the stored one. */
  jsonContent: string;
  hasJsonContent: boolean;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  typebotDelayMessage: number;
}
type TextField =
  | "name"
  | "projectName"
  | "jsonContent"
  | "urlN8N"
  | "typebotSlug"
  | "typebotKeywordFinish"
  | "typebotKeywordRestart"
  | "typebotRestartMessage"
  | "typebotUnknownMessage";
type FormErrors = Partial<Record<keyof Form, string>>;

const BLANK: Form = {
  name: "",
  type: "",
  projectName: "",
  jsonContent: "",
  hasJsonContent: false,
  language: "pt-BR",
  urlN8N: "",
  typebotSlug: "",
  typebotKeywordFinish: "",
  typebotKeywordRestart: "",
  typebotRestartMessage: "",
  typebotUnknownMessage: "",
  ...TYPEBOT_DEFAULTS,
};

/** Spec 002 §5: name 2 to 50 and required, type required, each type's fields. */
export function validateIntegration(form: Form): FormErrors {
  const errors: FormErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = "validation.required";
  else if (name.length < 2) errors.name = "validation.tooShort";
  else if (name.length > 50) errors.name = "validation.tooLong";
  if (!form.type) {
    errors.type = "validation.required";
    return errors;
  }
  for (const key of REQUIRED_FIELDS[form.type]) {
    if (key === "jsonContent" && form.hasJsonContent) continue;
    if (!form[key].trim()) errors[key] = "validation.required";
  }
  return errors;
}

/** The payload of a type: only its fields, and the secret only when one was typed. */
function payloadOf(form: Form): QueueIntegrationPayload {
  const type = form.type as IntegrationType;
  const base: QueueIntegrationPayload = { name: form.name.trim(), type };
  const secret = form.jsonContent.trim() ? { jsonContent: form.jsonContent } : {};
  if (type === "dialogflow") return { ...base, projectName: form.projectName.trim(), language: form.language as (typeof INTEGRATION_LANGUAGES)[number], ...secret };
  if (type === "flowbuilder") return { ...base, projectName: form.projectName.trim() };
  if (type === "n8n" || type === "webhook") return { ...base, urlN8N: form.urlN8N.trim(), ...secret };
  return {
    ...base,
    urlN8N: form.urlN8N.trim(),
    typebotSlug: form.typebotSlug.trim(),
    typebotExpires: form.typebotExpires,
    typebotKeywordFinish: form.typebotKeywordFinish,
    typebotKeywordRestart: form.typebotKeywordRestart,
    typebotRestartMessage: form.typebotRestartMessage,
    typebotUnknownMessage: form.typebotUnknownMessage,
    typebotDelayMessage: form.typebotDelayMessage,
  };
}

/**
 * Create or edit a queue integration (spec 002 §2.10): the type select, then that type's fields.
 * A stored secret is never shown: the field says one is stored, and typing replaces it.
 * "Test" calls POST /queueIntegration/testSession and shows what failed.
 */
export function IntegrationDialog({ isOpen, integrationId, onClose, onSaved }: IntegrationDialogProps) {
  const { t } = useTranslation("integrations");
  const [create] = useCreateQueueIntegrationMutation();
  const [update] = useUpdateQueueIntegrationMutation();
  const [test, testing] = useTestQueueIntegrationMutation();
  const [tested, setTested] = useState<TestSessionResult | null>(null);
  const dialog = useRecordDialog({
    isOpen,
    id: integrationId,
    useRecord: useGetQueueIntegrationQuery,
    blank: () => BLANK,
    toForm: (r: QueueIntegration): Form => ({ ...BLANK, ...r, jsonContent: "" }),
    validate: validateIntegration,
    save: (form, id) => (id === null ? create(payloadOf(form)) : update({ id, ...payloadOf(form) })).unwrap(),
    messages: { saved: t("messages.saved") },
    onClose,
    onSaved,
    onOpen: () => setTested(null),
  });
  const { form, set } = dialog;
  const errors = dialog.errors as FormErrors;
  const error = (key: keyof Form) => (errors[key] ? (errors[key]!.startsWith("validation.") ? t(errors[key]!) : errors[key]) : undefined);
  const text = (key: TextField, opts: { area?: boolean; placeholder?: string } = {}) => {
    const id = `qi-${key}`;
    const message = error(key);
    return (
      <FormGroup label={t(`fields.${key}`)} labelFor={id} intent={message ? Intent.DANGER : Intent.NONE} helperText={message}>
        {opts.area ? (
          <TextArea id={id} fill rows={4} value={form[key]} placeholder={opts.placeholder} onChange={(e) => set(key, e.target.value)} />
        ) : (
          <InputGroup id={id} value={form[key]} placeholder={opts.placeholder} intent={message ? Intent.DANGER : Intent.NONE} onChange={(e) => set(key, e.target.value)} />
        )}
      </FormGroup>
    );
  };
  const number = (key: "typebotExpires" | "typebotDelayMessage") => (
    <FormGroup label={t(`fields.${key}`)} labelFor={`qi-${key}`}>
      <NumericInput id={`qi-${key}`} min={0} value={form[key]} onValueChange={(v) => set(key, Number.isFinite(v) ? v : 0)} />
    </FormGroup>
  );
  const runTest = async () => {
    if (!form.type) return;
    const payload = payloadOf(form);
    try {
      setTested(await test({ ...payload, ...(integrationId ? { id: integrationId } : {}) }).unwrap());
    } catch {
      setTested({ ok: false, step: "", message: t("test.failed") });
    }
  };
  const secretHint = form.hasJsonContent ? t("fields.secretStored") : undefined;

  return (
    <RecordDialog {...dialog.frame} ns="integrations" icon="data-connection" width={560}>
      {text("name")}
      <FormGroup label={t("fields.type")} labelFor="qi-type" intent={error("type") ? Intent.DANGER : Intent.NONE} helperText={error("type")}>
        <HTMLSelect id="qi-type" fill value={form.type} onChange={(e) => set("type", e.target.value as IntegrationType)}>
          <option value="">{t("fields.chooseType")}</option>
          {INTEGRATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {form.type === "dialogflow" ? (
        <>
          {text("projectName")}
          <FormGroup label={t("fields.language")} labelFor="qi-language">
            <HTMLSelect id="qi-language" value={form.language} onChange={(e) => set("language", e.target.value)}>
              {INTEGRATION_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          {text("jsonContent", { area: true, placeholder: secretHint })}
        </>
      ) : null}
      {form.type === "n8n" || form.type === "webhook" ? (
        <>
          {text("urlN8N", { placeholder: "https://n8n.example.com/webhook/…" })}
          <FormGroup label={t("fields.signingSecret")} labelFor="qi-secret" helperText={t("fields.signingHelp")}>
            <InputGroup id="qi-secret" type="password" value={form.jsonContent} placeholder={secretHint} onChange={(e) => set("jsonContent", e.target.value)} />
          </FormGroup>
        </>
      ) : null}
      {form.type === "typebot" ? (
        <>
          {text("urlN8N", { placeholder: "https://typebot.example.com" })}
          {text("typebotSlug")}
          <div style={{ display: "flex", gap: 12 }}>
            {number("typebotExpires")}
            {number("typebotDelayMessage")}
          </div>
          {text("typebotKeywordFinish")}
          {text("typebotKeywordRestart")}
          {text("typebotRestartMessage")}
          {text("typebotUnknownMessage")}
        </>
      ) : null}
      {form.type === "flowbuilder" ? text("projectName", { placeholder: t("fields.flowId") }) : null}
      {form.type && form.type !== "flowbuilder" ? (
        <div style={{ display: "flex", gap: 8, alignItems: "center" }}>
          <Button icon="play" text={t("test.run")} loading={testing.isLoading} onClick={runTest} />
        </div>
      ) : null}
      {tested ? (
        <Callout intent={tested.ok ? Intent.SUCCESS : Intent.DANGER} style={{ marginTop: 8 }} role="status">
          {tested.ok ? t("test.ok") : t("test.failedAt", { step: tested.step })} {tested.message}
        </Callout>
      ) : null}
    </RecordDialog>
  );
}
