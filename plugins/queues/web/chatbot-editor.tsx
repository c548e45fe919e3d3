import { Button, Callout, Card, FormGroup, HTMLSelect, InputGroup, Intent, Switch, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useZone } from "../../../web/src/plugin/zone.tsx";
import { CHATBOT_TYPES, type ChatbotType } from "../shared/queue-rules.ts";
import { OPTION_REFERENCE_KIND, type ReferenceKind } from "../shared/reference-kinds.ts";
import { newOption, updateOptionAt, type FormErrors, type OptionDraft } from "./queue-form.ts";
import type { UserOption } from "./queues-api.ts";
import "./zones.ts";

export interface ChatbotEditorProps {
  options: OptionDraft[];
  onChange: (options: OptionDraft[]) => void;
  /** Keyed "chatbots.0.options.1.name" (i18n keys under validation.*, or a server message). */
  errors: FormErrors;
  /** Targets of "send to a queue" options (the queue being edited excluded). */
  queues: { id: number; name: string }[];
  users: UserOption[];
  /** The reference kinds some plugin registered (GET /queues/reference-kinds); null while unknown. */
  kinds: readonly ReferenceKind[] | null;
}

interface NodeProps extends Omit<ChatbotEditorProps, "options"> {
  option: OptionDraft;
  path: number[];
  all: OptionDraft[];
}

const pathKey = (path: readonly number[]) => `chatbots.${path.join(".options.")}`;

interface ReferenceTargetProps {
  type: "integration" | "file";
  option: OptionDraft;
  inputId: string;
  error: string | undefined;
  edit: (change: Partial<OptionDraft>) => void;
  kinds: readonly ReferenceKind[] | null;
}

/**
 * The target of an "Integração" or "Arquivo" option: the selector the plugin owning the kind
 * contributes (`queues.option.reference.<kind>`), a plain id field when that plugin brings no
 * selector, and a clear message (instead of a selector of nothing) when no plugin registered
 * the kind: such an option cannot be saved.
 */
function ReferenceTarget({ type, option, inputId, error, edit, kinds }: ReferenceTargetProps) {
  const { t } = useTranslation("queues");
  const kind = OPTION_REFERENCE_KIND[type];
  const field = type === "integration" ? "optIntegrationId" : "optFileId";
  const selectors = useZone(`queues.option.reference.${kind}`);
  if (kinds && !kinds.includes(kind))
    return (
      <Callout intent={error ? Intent.DANGER : Intent.WARNING} compact icon="warning-sign" style={{ marginBottom: 12 }}>
        {t(`chatbot.noProvider_${type}`)}
      </Callout>
    );
  const value = option[field];
  const set = (id: number | null) => edit({ [field]: id });
  return (
    <FormGroup label={t(`chatbot.target_${type}`)} labelFor={inputId} intent={error ? Intent.DANGER : Intent.NONE} helperText={error}>
      {selectors.length ? (
        selectors.map(({ key, Component }) => <Component key={key} inputId={inputId} kind={kind} value={value} onChange={set} invalid={!!error} />)
      ) : (
        <InputGroup id={inputId} inputMode="numeric" value={value ? String(value) : ""} onValueChange={(v) => set(/^[1-9]\d{0,14}$/.test(v) ? Number(v) : null)} />
      )}
    </FormGroup>
  );
}

/** One option: name, message, what it does, and its next steps below it. */
function OptionNode({ option, path, all, onChange, errors, queues, users, kinds }: NodeProps) {
  const { t } = useTranslation("queues");
  const at = pathKey(path);
  const label = path.map((i) => i + 1).join(".");
  const error = (field: string) => {
    const e = errors[`${at}.${field}`];
    return e ? t(`validation.${e}`, { defaultValue: e }) : undefined;
  };
  const edit = (change: Partial<OptionDraft>) => onChange(updateOptionAt(all, path, (o) => ({ ...o, ...change })));
  const remove = () => onChange(updateOptionAt(all, path, () => null));
  // The spec: the option's message is required to move to the next level.
  const canNest = option.greetingMessage.trim().length > 0;
  const addStep = () => edit({ options: [...option.options, newOption()] });
  const id = `chatbot-${at}`;
  const target = (type: ChatbotType) => {
    switch (type) {
      case "queue":
        return (
          <FormGroup label={t("chatbot.targetQueue")} labelFor={`${id}-queue`} intent={error("optQueueId") ? Intent.DANGER : Intent.NONE} helperText={error("optQueueId")}>
            <HTMLSelect id={`${id}-queue`} fill value={option.optQueueId ?? ""} onChange={(e) => edit({ optQueueId: e.target.value ? Number(e.target.value) : null })}>
              <option value="">{t("chatbot.choose")}</option>
              {queues.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        );
      case "attendent":
        return (
          <FormGroup label={t("chatbot.targetUser")} labelFor={`${id}-user`} intent={error("optUserId") ? Intent.DANGER : Intent.NONE} helperText={error("optUserId")}>
            <HTMLSelect id={`${id}-user`} fill value={option.optUserId ?? ""} onChange={(e) => edit({ optUserId: e.target.value ? Number(e.target.value) : null })}>
              <option value="">{t("chatbot.choose")}</option>
              {users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        );
      case "integration":
      case "file":
        return (
          <ReferenceTarget
            type={type}
            option={option}
            inputId={`${id}-${type}`}
            error={error(type === "integration" ? "optIntegrationId" : "optFileId")}
            edit={edit}
            kinds={kinds}
          />
        );
      default:
        return null;
    }
  };

  return (
    <Card compact style={{ marginBottom: 8 }} aria-label={t("chatbot.optionLabel", { label })}>
      <div style={{ display: "flex", gap: 8, alignItems: "flex-start" }}>
        <strong style={{ minWidth: 28, paddingTop: 6 }}>{label}</strong>
        <div style={{ flex: 1, display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(200px, 1fr))", columnGap: 8 }}>
          <FormGroup label={t("chatbot.name")} labelFor={`${id}-name`} intent={error("name") ? Intent.DANGER : Intent.NONE} helperText={error("name")}>
            <InputGroup id={`${id}-name`} value={option.name} maxLength={100} intent={error("name") ? Intent.DANGER : Intent.NONE} onValueChange={(name) => edit({ name })} />
          </FormGroup>
          <FormGroup label={t("chatbot.queueType")} labelFor={`${id}-type`}>
            <HTMLSelect id={`${id}-type`} fill value={option.queueType} onChange={(e) => edit({ queueType: e.target.value as ChatbotType })}>
              {CHATBOT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`chatbot.types.${type}`)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          {target(option.queueType)}
          <FormGroup
            label={t("chatbot.message")}
            labelFor={`${id}-message`}
            style={{ gridColumn: "1 / -1" }}
            intent={error("greetingMessage") ? Intent.DANGER : Intent.NONE}
            helperText={error("greetingMessage")}
          >
            <TextArea id={`${id}-message`} fill rows={2} maxLength={5000} value={option.greetingMessage} onChange={(e) => edit({ greetingMessage: e.target.value })} />
          </FormGroup>
          <Switch checked={option.closeTicket} label={t("chatbot.closeTicket")} onChange={(e) => edit({ closeTicket: e.currentTarget.checked })} />
        </div>
        <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("chatbot.remove", { label })} onClick={remove} />
      </div>
      <div style={{ marginLeft: 28, borderLeft: "2px solid rgba(128,128,128,0.3)", paddingLeft: 12 }}>
        {option.options.map((child, i) => (
          <OptionNode key={child.key} option={child} path={[...path, i]} all={all} onChange={onChange} errors={errors} queues={queues} users={users} kinds={kinds} />
        ))}
        <Button
          icon="add"
          variant="minimal"
          size="small"
          text={t("chatbot.addStep", { label })}
          disabled={!canNest}
          title={canNest ? undefined : t("chatbot.messageFirst")}
          onClick={addStep}
        />
      </div>
    </Card>
  );
}

/**
 * The queue's chatbot menu (spec 001 §3 'Chatbot option'): options with nested steps.
 * Each option needs a name of at least 4 characters; a step below an option needs that
 * option's message; the type decides which target (queue, attendant, integration, file)
 * is asked for. With a single option the bot picks it without asking.
 */
export function ChatbotEditor({ options, onChange, errors, queues, users, kinds }: ChatbotEditorProps) {
  const { t } = useTranslation("queues");
  return (
    <section aria-label={t("chatbot.title")}>
      <h4 style={{ margin: "8px 0" }}>{t("chatbot.title")}</h4>
      {options.length === 1 ? (
        <Callout intent={Intent.PRIMARY} compact style={{ marginBottom: 8 }}>
          {t("chatbot.singleOption")}
        </Callout>
      ) : null}
      {options.map((o, i) => (
        <OptionNode key={o.key} option={o} path={[i]} all={options} onChange={onChange} errors={errors} queues={queues} users={users} kinds={kinds} />
      ))}
      <Button icon="add" text={t("chatbot.addOption")} onClick={() => onChange([...options, newOption()])} />
    </section>
  );
}
