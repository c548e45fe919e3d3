import { Button, Card, FormGroup, HTMLSelect, InputGroup, Intent, Switch, TextArea } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadingState, PageLayout, toastError, toastSuccess } from "../../../web/src/ui/index.ts";
import { type CampaignSettings, useGetCampaignSettingsQuery, useSaveCampaignSettingsMutation } from "./campaigns-api.ts";
import { SuppressionList } from "./suppression-list.tsx";

/** Spec 002 §9's choices: messageInterval 0–120 s, longerIntervalAfter 0 or 5–60, greaterInterval 0 or 20–180 in steps of 10. */
const range = (from: number, to: number, step = 1) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
const CHOICES = {
  messageInterval: range(0, 120),
  longerIntervalAfter: [0, ...range(5, 60)],
  greaterInterval: [0, ...range(20, 180, 10)],
};

/** /campaigns-config (spec 002 §2.3): the pacing and hours keys, and the custom variables. */

/** The IANA zones this browser knows (the server checks the same way), the current one first kept in the list. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return known.includes(current) ? known : [current, ...known];
}
export function CampaignSettingsPage() {
  const { t } = useTranslation("campaigns");
  const { data } = useGetCampaignSettingsQuery();
  const [save, saving] = useSaveCampaignSettingsMutation();
  const [form, setForm] = useState<CampaignSettings | null>(null);
  const [variable, setVariable] = useState({ key: "", value: "" });
  useEffect(() => {
    if (data) setForm(Object.fromEntries(data.map((row) => [row.key, JSON.parse(row.value)])) as CampaignSettings);
  }, [data]);
  if (!form) return <LoadingState />;
  const set = <K extends keyof CampaignSettings>(key: K, value: CampaignSettings[K]) => setForm({ ...form, [key]: value });
  const submit = async () => {
    try {
      await save({ ...form, stopWords: form.stopWords.map((w) => w.trim()).filter(Boolean) }).unwrap();
      toastSuccess(t("settings.saved"));
    } catch (err) {
      toastError(err);
    }
  };
  const select = (key: keyof typeof CHOICES) => (
    <FormGroup label={t(`settings.${key}`)} labelFor={`settings-${key}`} style={{ flex: 1 }}>
      <HTMLSelect
        id={`settings-${key}`}
        fill
        value={String(form[key])}
        onChange={(e) => set(key, Number(e.currentTarget.value))}
        options={CHOICES[key].map((v) => ({ value: String(v), label: String(v) }))}
      />
    </FormGroup>
  );
  return (
    <PageLayout
      title={t("settings.title")}
      actions={<Button intent={Intent.PRIMARY} icon="floppy-disk" text={t("settings.save")} loading={saving.isLoading} onClick={() => void submit()} />}
    >
      <Card>
        <div style={{ display: "flex", gap: 12 }}>
          {select("messageInterval")}
          {select("longerIntervalAfter")}
          {select("greaterInterval")}
        </div>
        <div style={{ display: "flex", gap: 12, alignItems: "center" }}>
          <FormGroup label={t("settings.startHour")} labelFor="settings-start" style={{ flex: 1 }}>
            <InputGroup id="settings-start" type="time" value={form.startHour} onChange={(e) => set("startHour", e.target.value)} />
          </FormGroup>
          <FormGroup label={t("settings.endHour")} labelFor="settings-end" style={{ flex: 1 }}>
            <InputGroup id="settings-end" type="time" value={form.endHour} onChange={(e) => set("endHour", e.target.value)} />
          </FormGroup>
          <Switch checked={form.sabado} label={t("settings.sabado")} onChange={(e) => set("sabado", e.currentTarget.checked)} />
          <Switch checked={form.domingo} label={t("settings.domingo")} onChange={(e) => set("domingo", e.currentTarget.checked)} />
        </div>
        <FormGroup label={t("settings.timezone")} labelFor="settings-timezone" helperText={t("settings.timezoneHelp")}>
          <HTMLSelect
            id="settings-timezone"
            fill
            value={form.timezone}
            onChange={(e) => set("timezone", e.currentTarget.value)}
            options={timeZones(form.timezone).map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
          />
        </FormGroup>
        <FormGroup label={t("settings.dailyLimit")} labelFor="settings-daily-limit" helperText={t("settings.dailyLimitHelp")}>
          <InputGroup
            id="settings-daily-limit"
            type="number"
            min={0}
            value={String(form.dailyLimit)}
            onChange={(e) => set("dailyLimit", Math.max(0, Math.floor(Number(e.target.value) || 0)))}
          />
        </FormGroup>
      </Card>
      <Card style={{ marginTop: 12 }}>
        <h4>{t("settings.variables")}</h4>
        {form.variables.map((v) => (
          <div key={v.key} style={{ display: "flex", gap: 8, alignItems: "center" }}>
            <code>{`{${v.key}}`}</code>
            <span>{v.value}</span>
            <Button
              icon="cross"
              variant="minimal"
              aria-label={t("settings.removeVariable", { key: v.key })}
              onClick={() =>
                set(
                  "variables",
                  form.variables.filter((x) => x.key !== v.key),
                )
              }
            />
          </div>
        ))}
        <div style={{ display: "flex", gap: 8, marginTop: 8 }}>
          <InputGroup
            placeholder={t("settings.variableKey")}
            value={variable.key}
            onChange={(e) => setVariable({ ...variable, key: e.target.value.replace(/[^\p{L}\p{N}_]/gu, "") })}
          />
          <InputGroup placeholder={t("settings.variableValue")} value={variable.value} onChange={(e) => setVariable({ ...variable, value: e.target.value })} />
          <Button
            icon="add"
            text={t("settings.addVariable")}
            disabled={!variable.key}
            onClick={() => {
              set("variables", [...form.variables.filter((x) => x.key !== variable.key), variable]);
              setVariable({ key: "", value: "" });
            }}
          />
        </div>
      </Card>
      <Card style={{ marginTop: 12 }}>
        <h4>{t("optOut.title")}</h4>
        <p>{t("optOut.help")}</p>
        <FormGroup label={t("optOut.stopWords")} labelFor="settings-stop-words" helperText={t("optOut.stopWordsHelp")}>
          <InputGroup
            id="settings-stop-words"
            value={form.stopWords.join(", ")}
            onChange={(e) =>
              set(
                "stopWords",
                e.target.value.split(",").map((w) => w.trimStart()),
              )
            }
            onBlur={() => set("stopWords", form.stopWords.map((w) => w.trim()).filter(Boolean))}
          />
        </FormGroup>
        <FormGroup label={t("optOut.reply")} labelFor="settings-opt-out-reply">
          <TextArea id="settings-opt-out-reply" fill value={form.optOutReply} onChange={(e) => set("optOutReply", e.target.value)} />
        </FormGroup>
      </Card>
      <SuppressionList />
    </PageLayout>
  );
}

export default CampaignSettingsPage;
