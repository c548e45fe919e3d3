import { Card, H5 } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { LoadingState } from "../../../web/src/ui/index.ts";
import { SelectOption, TextOption, ToggleOption } from "./option-controls.tsx";
import { useCompanyOptions } from "./use-company-options.ts";

const SCHEDULE_TYPES = ["disabled", "queue", "company", "connection"] as const;
const CHATBOT_TYPES = ["text", "list", "button"] as const;

/** Toggles grouped as the screen shows them; each saves on change. */
const SERVICE_TOGGLES = [
  "userRating",
  "userRandom",
  "sendGreetingMessageOneQueues",
  "sendSignMessage",
  "sendFarewellWaitingTicket",
  "acceptAudioMessageContact",
  "requiredTag",
  "DirectTicketsToWallets",
] as const;
const LGPD_TOGGLES = ["lgpdConsent", "lgpdDeleteMessage", "lgpdHideNumber"] as const;
/** The spec's two options stored as true/false instead of enabled/disabled. */
const BOOLEAN_OPTIONS = ["closeTicketOnTransfer", "showNotificationPending"] as const;

/**
 * A toggle and the message it needs: the message field appears while the toggle asks for
 * it (spec 001 §5 'Settings': required then).
 */
const MESSAGE_TOGGLES = [
  { toggle: "sendGreetingAccepted", message: "greetingAcceptedMessage", when: "enabled" },
  { toggle: "sendMsgTransfTicket", message: "transferMessage", when: "enabled" },
  { toggle: "sendQueuePosition", message: "sendQueuePositionMessage", when: "enabled" },
  { toggle: "acceptCallWhatsapp", message: "AcceptCallWhatsappMessage", when: "disabled" },
] as const;

/** Settings tab 'Opções' (admins): the company's options, each saved as soon as it changes. */
export function OptionsTab() {
  const { t } = useTranslation("settings");
  const { values, isLoading, pending, save } = useCompanyOptions();
  if (isLoading || !values) return <LoadingState />;

  const toggle = (key: string, on?: string, off?: string) => (
    <ToggleOption key={key} label={t(`options.${key}`)} value={values[key]} on={on} off={off} updating={pending.has(key)} onSave={(v) => void save(key, v)} />
  );
  const message = (key: string, required: boolean) => (
    <TextOption
      key={key}
      id={`option-${key}`}
      label={t(`options.${key}`)}
      value={values[key]}
      required={required}
      multiline
      updating={pending.has(key)}
      onSave={(v) => save(key, v)}
    />
  );
  const choices = (prefix: string, list: readonly string[]) => list.map((value) => ({ value, label: t(`${prefix}.${value}`) }));

  return (
    <div style={{ display: "grid", gap: 16, gridTemplateColumns: "repeat(auto-fit, minmax(320px, 1fr))" }}>
      <Card>
        <H5>{t("options.groups.service")}</H5>
        <SelectOption
          label={t("options.scheduleType")}
          value={values.scheduleType}
          choices={choices("scheduleTypes", SCHEDULE_TYPES)}
          updating={pending.has("scheduleType")}
          onSave={(v) => void save("scheduleType", v)}
        />
        <SelectOption
          label={t("options.chatBotType")}
          value={values.chatBotType}
          choices={choices("chatBotTypes", CHATBOT_TYPES)}
          updating={pending.has("chatBotType")}
          onSave={(v) => void save("chatBotType", v)}
        />
        {SERVICE_TOGGLES.map((key) => toggle(key))}
        {BOOLEAN_OPTIONS.map((key) => toggle(key, "true", "false"))}
      </Card>
      <Card>
        <H5>{t("options.groups.messages")}</H5>
        {MESSAGE_TOGGLES.map(({ toggle: key, message: text, when }) => (
          <div key={key}>
            {toggle(key)}
            {values[key] === when ? message(text, true) : null}
          </div>
        ))}
      </Card>
      <Card>
        <H5>{t("options.groups.transcription")}</H5>
        <TextOption
          id="option-transcriptionApiUrl"
          label={t("options.transcriptionApiUrl")}
          value={values.transcriptionApiUrl}
          placeholder="https://api.openai.com/v1"
          updating={pending.has("transcriptionApiUrl")}
          onSave={(v) => save("transcriptionApiUrl", v)}
        />
        <TextOption
          id="option-transcriptionApiKey"
          label={t("options.transcriptionApiKey")}
          value={values.transcriptionApiKey}
          secret
          updating={pending.has("transcriptionApiKey")}
          onSave={(v) => save("transcriptionApiKey", v)}
        />
        <TextOption
          id="option-transcriptionModel"
          label={t("options.transcriptionModel")}
          value={values.transcriptionModel}
          placeholder="whisper-1"
          updating={pending.has("transcriptionModel")}
          onSave={(v) => save("transcriptionModel", v)}
        />
      </Card>
      <Card>
        <H5>{t("options.groups.lgpd")}</H5>
        {toggle("enableLGPD")}
        {values.enableLGPD === "enabled" ? (
          <>
            {message("lgpdMessage", false)}
            <TextOption
              id="option-lgpdLink"
              label={t("options.lgpdLink")}
              value={values.lgpdLink}
              placeholder="https://"
              updating={pending.has("lgpdLink")}
              onSave={(v) => save("lgpdLink", v)}
            />
            {LGPD_TOGGLES.map((key) => toggle(key))}
          </>
        ) : null}
      </Card>
    </div>
  );
}

export default OptionsTab;
