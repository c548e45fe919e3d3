import { useEffect, useState, type FormEvent } from "react";
import { Card, FileInput, FormGroup, H5, InputGroup, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { LoadingState, toastError, toastSuccess } from "../../../web/src/ui/index.ts";
import { TextOption, Updating } from "./option-controls.tsx";
import { useUploadLogoMutation, type LogoMode } from "./settings-api.ts";
import { usePlatformSettings } from "./use-platform-settings.ts";

const DEFAULT_COLORS: Record<string, string> = { primaryColorLight: "#0000FF", primaryColorDark: "#39ACE7" };
const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const LOGO_ACCEPT = ".png,.jpg,.jpeg,.gif,.webp,.svg,.ico,image/*";

/** A colour: the picker and the hex text, saved when left with a valid value. */
function ColorOption({ id, label, value, updating, onSave }: { id: string; label: string; value: string; updating: boolean; onSave: (v: string) => void }) {
  const { t } = useTranslation("settings");
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const valid = HEX.test(text);
  const commit = () => valid && text !== value && onSave(text);
  return (
    <FormGroup
      label={
        <>
          {label}
          <Updating active={updating} />
        </>
      }
      labelFor={id}
      intent={valid ? Intent.NONE : Intent.DANGER}
      helperText={valid ? undefined : t("whitelabel.invalidColor")}
    >
      <div style={{ display: "flex", gap: 8, alignItems: "center" }}>
        <input
          type="color"
          aria-label={label}
          value={valid && text.length === 7 ? text : "#000000"}
          onChange={(e) => setText(e.target.value.toUpperCase())}
          onBlur={commit}
          style={{ width: 40, height: 30, padding: 0, border: "none", background: "none" }}
        />
        <InputGroup id={id} value={text} onChange={(e) => setText(e.target.value)} onBlur={commit} maxLength={9} intent={valid ? Intent.NONE : Intent.DANGER} />
      </div>
    </FormGroup>
  );
}

/** One logo: its preview and the upload that replaces it. */
function LogoUpload({ mode, url }: { mode: LogoMode; url: string }) {
  const { t } = useTranslation("settings");
  const [upload, { isLoading }] = useUploadLogoMutation();
  const choose = async (e: FormEvent<HTMLInputElement>) => {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    try {
      await upload({ mode, file }).unwrap();
      toastSuccess(t("messages.updated"));
    } catch (err) {
      toastError(err);
    }
  };
  const label = t(`whitelabel.logo${mode}`);
  return (
    <Card compact>
      <H5>
        {label}
        <Updating active={isLoading} />
      </H5>
      <div
        style={{
          height: 72,
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          marginBottom: 8,
          background: mode === "Dark" ? "#1c2127" : "#f6f7f9",
          borderRadius: 4,
        }}
      >
        {url ? <img src={url} alt={label} style={{ maxHeight: 64, maxWidth: "100%" }} /> : <span className="bp6-text-muted">{t("whitelabel.noLogo")}</span>}
      </div>
      <FileInput
        fill
        text={t("whitelabel.chooseFile")}
        buttonText={t("whitelabel.browse")}
        disabled={isLoading}
        inputProps={{ accept: LOGO_ACCEPT, "aria-label": label }}
        onInputChange={choose}
      />
    </Card>
  );
}

/** Settings tab 'Whitelabel' (super user): colours, app name and the three logos. */
export function WhitelabelTab() {
  const { t } = useTranslation("settings");
  const { values, isLoading, pending, save } = usePlatformSettings();
  if (isLoading || !values) return <LoadingState />;
  return (
    <div style={{ display: "grid", gap: 16 }}>
      <Card>
        <H5>{t("whitelabel.identity")}</H5>
        <div style={{ display: "grid", gap: 12, gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))" }}>
          {(["primaryColorLight", "primaryColorDark"] as const).map((key) => (
            <ColorOption
              key={key}
              id={`wl-${key}`}
              label={t(`whitelabel.${key}`)}
              value={values[key] || DEFAULT_COLORS[key]}
              updating={pending.has(key)}
              onSave={(v) => void save(key, v)}
            />
          ))}
          <TextOption
            id="wl-appName"
            label={t("whitelabel.appName")}
            value={values.appName}
            placeholder={t("whitelabel.appNamePlaceholder")}
            updating={pending.has("appName")}
            onSave={(v) => save("appName", v)}
          />
        </div>
      </Card>
      <div style={{ display: "grid", gap: 16, gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))" }}>
        {(["Light", "Dark", "Favicon"] as const).map((mode) => (
          <LogoUpload key={mode} mode={mode} url={values[`appLogo${mode}`] ?? ""} />
        ))}
      </div>
    </div>
  );
}

export default WhitelabelTab;
