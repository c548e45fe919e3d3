import { Card, H5 } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { LoadingState } from "../../../web/src/ui/index.ts";
import { SelectOption, TextOption, ToggleOption } from "./option-controls.tsx";
import { usePlatformSettings } from "./use-platform-settings.ts";

/** Spec 001 §9: the download limit choices, in MB. */
export const DOWNLOAD_LIMITS = ["32", "64", "128", "256", "512", "1024", "2048"] as const;

/** Payment-provider credentials, grouped by provider. */
const CREDENTIALS = [
  { provider: "efi", keys: ["eficlientid", "eficlientsecret", "efichavepix"] },
  { provider: "mercadopago", keys: ["mpaccesstoken", "mpwebhooksecret"] },
  { provider: "stripe", keys: ["stripeprivatekey", "stripewebhooksecret"] },
  { provider: "asaas", keys: ["asaastoken", "asaaswebhooktoken"] },
  // the billing plugin's provider-less option: a static BR Code for the operator's own key
  { provider: "pix", keys: ["pixstatickey", "pixstaticname", "pixstaticcity"] },
] as const;

/**
 * Settings tab 'Plataforma' (super user): user creation, the signup link, the download
 * limit, the payment-provider credentials and the OpenAI key used for audio.
 */
export function PlatformTab() {
  const { t } = useTranslation("settings");
  const { values, isLoading, pending, save } = usePlatformSettings();
  if (isLoading || !values) return <LoadingState />;
  const secret = (key: string) => (
    <TextOption key={key} id={`platform-${key}`} label={t(`platform.${key}`)} value={values[key]} secret updating={pending.has(key)} onSave={(v) => save(key, v)} />
  );
  return (
    <div style={{ display: "grid", gap: 16, gridTemplateColumns: "repeat(auto-fit, minmax(320px, 1fr))" }}>
      <Card>
        <H5>{t("platform.general")}</H5>
        <ToggleOption label={t("platform.userCreation")} value={values.userCreation} updating={pending.has("userCreation")} onSave={(v) => void save("userCreation", v)} />
        <ToggleOption label={t("platform.allowSignup")} value={values.allowSignup} updating={pending.has("allowSignup")} onSave={(v) => void save("allowSignup", v)} />
        <SelectOption
          label={t("platform.downloadLimit")}
          value={values.downloadLimit}
          choices={DOWNLOAD_LIMITS.map((mb) => ({ value: mb, label: `${mb} MB` }))}
          updating={pending.has("downloadLimit")}
          onSave={(v) => void save("downloadLimit", v)}
        />
        {secret("openaikeyaudio")}
      </Card>
      {CREDENTIALS.map(({ provider, keys }) => (
        <Card key={provider}>
          <H5>{t(`platform.providers.${provider}`)}</H5>
          {keys.map(secret)}
        </Card>
      ))}
    </div>
  );
}

export default PlatformTab;
