import { FormGroup, HTMLSelect, InputGroup, Intent, Switch, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { ROTATION_MINUTES } from "../shared/queue-rules.ts";
import type { FormErrors, QueueForm } from "./queue-form.ts";

export interface QueueDataFieldsProps {
  form: QueueForm;
  errors: FormErrors;
  set: <K extends keyof QueueForm>(key: K, value: QueueForm[K]) => void;
  /** scheduleType is "queue": the out-of-hours message shows (and is required). */
  scheduleByQueue: boolean;
}

/** A hex colour the native picker accepts (#rrggbb); anything else shows black there. */
const pickerValue = (color: string) => (/^#[0-9a-f]{6}$/i.test(color) ? color : /^#[0-9a-f]{3}$/i.test(color) ? `#${[...color.slice(1)].map((c) => c + c).join("")}` : "#000000");

/** The dialog's data tab: name, colour, order, messages, close ticket and rotation. */
export function QueueDataFields({ form, errors, set, scheduleByQueue }: QueueDataFieldsProps) {
  const { t } = useTranslation("queues");
  const field = (key: string) => ({
    intent: errors[key] ? Intent.DANGER : Intent.NONE,
    helperText: errors[key] ? t(`validation.${errors[key]}`, { defaultValue: errors[key] }) : undefined,
  });

  return (
    <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(200px, 1fr))", columnGap: 12 }}>
      <FormGroup label={t("fields.name")} labelFor="queue-name" {...field("name")}>
        <InputGroup id="queue-name" value={form.name} maxLength={60} autoFocus intent={field("name").intent} onValueChange={(v) => set("name", v)} />
      </FormGroup>
      <FormGroup label={t("fields.color")} labelFor="queue-color" {...field("color")}>
        <div style={{ display: "flex", gap: 8, alignItems: "center" }}>
          <input
            type="color"
            aria-label={t("fields.colorPicker")}
            value={pickerValue(form.color)}
            onChange={(e) => set("color", e.target.value)}
            style={{ width: 36, height: 30, padding: 0, border: "none", background: "none" }}
          />
          <InputGroup id="queue-color" value={form.color} maxLength={12} intent={field("color").intent} onValueChange={(v) => set("color", v)} fill />
        </div>
      </FormGroup>
      <FormGroup label={t("fields.orderQueue")} labelFor="queue-order" {...field("orderQueue")}>
        <InputGroup id="queue-order" inputMode="numeric" value={form.orderQueue} maxLength={6} intent={field("orderQueue").intent} onValueChange={(v) => set("orderQueue", v)} />
      </FormGroup>
      <FormGroup label={t("fields.greetingMessage")} labelFor="queue-greeting" style={{ gridColumn: "1 / -1" }} {...field("greetingMessage")}>
        <TextArea id="queue-greeting" fill rows={3} maxLength={5000} value={form.greetingMessage} onChange={(e) => set("greetingMessage", e.target.value)} />
      </FormGroup>
      {scheduleByQueue ? (
        <FormGroup label={t("fields.outOfHoursMessage")} labelFor="queue-out-of-hours" style={{ gridColumn: "1 / -1" }} {...field("outOfHoursMessage")}>
          <TextArea id="queue-out-of-hours" fill rows={3} maxLength={5000} value={form.outOfHoursMessage} onChange={(e) => set("outOfHoursMessage", e.target.value)} />
        </FormGroup>
      ) : null}
      <Switch checked={form.closeTicket} label={t("fields.closeTicket")} onChange={(e) => set("closeTicket", e.currentTarget.checked)} />
      <Switch checked={form.ativarRoteador} label={t("fields.ativarRoteador")} onChange={(e) => set("ativarRoteador", e.currentTarget.checked)} />
      {form.ativarRoteador ? (
        <FormGroup label={t("fields.tempoRoteador")} labelFor="queue-rotation">
          <HTMLSelect id="queue-rotation" fill value={form.tempoRoteador} onChange={(e) => set("tempoRoteador", Number(e.target.value))}>
            {ROTATION_MINUTES.map((m) => (
              <option key={m} value={m}>
                {t("fields.minutes", { count: m })}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      ) : null}
    </div>
  );
}
