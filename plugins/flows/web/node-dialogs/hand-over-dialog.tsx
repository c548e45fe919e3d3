import { useState } from "react";
import { Callout, FormGroup, HTMLSelect, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { usePlugins } from "../../../../web/src/plugin/plugins.tsx";
import { handOverTarget } from "../../shared/flow-engine.ts";
import { type PickOption, useFlowIntegrationOptionsQuery, useFlowPromptOptionsQuery } from "../flows-api.ts";
import { NodeDialogShell, type NodeDialogProps } from "./node-dialog-shell.tsx";

const str = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * The typebot and openai nodes: pick an existing queue integration (GET /queueIntegration) or
 * prompt (GET /prompt) when that plugin is on; the node stores the object with its `id` under
 * `typebotIntegration` (the spec's integration object; no secrets), which the engine hands over
 * to as `integration:<id>` / `prompt:<id>`.
 */
export function HandOverDialog({ kind, data, mode, onClose, onSave }: NodeDialogProps & { kind: "typebot" | "openai" }) {
  const { t } = useTranslation("flows");
  const plugin = kind === "typebot" ? "integrations" : "prompts";
  const installed = usePlugins().enabled.some((p) => p.manifest.id === plugin);
  const integrations = useFlowIntegrationOptionsQuery(undefined, { skip: !installed || kind !== "typebot" });
  const prompts = useFlowPromptOptionsQuery(undefined, { skip: !installed || kind !== "openai" });
  const options: PickOption[] = (kind === "typebot" ? integrations.data : prompts.data) ?? [];
  const current = handOverTarget({ id: "", type: kind, data })?.split(":")[1] ?? "";
  const [id, setId] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const storedName = str((data.typebotIntegration as Record<string, unknown> | undefined)?.name);
  const save = () => {
    const picked = options.find((o) => String(o.id) === id);
    if (!picked) return setError(t(kind === "typebot" ? "validation.integrationRequired" : "validation.promptRequired"));
    const { typebotIntegration: _old, data: _legacy, ...rest } = data;
    onSave({ ...rest, typebotIntegration: picked });
  };
  const label = t(kind === "typebot" ? "fields.integration" : "fields.prompt");
  return (
    <NodeDialogShell kind={kind} mode={mode} error={error} canSave={installed} onClose={onClose} onSave={save}>
      {!installed ? (
        <Callout intent={Intent.WARNING}>
          {t(kind === "typebot" ? "editor.noIntegrations" : "editor.noPrompts")}
          {storedName && <p>{t("editor.storedName", { name: storedName })}</p>}
        </Callout>
      ) : (
        <FormGroup label={label} labelFor="node-handover" helperText={options.length ? undefined : t(kind === "typebot" ? "editor.emptyIntegrations" : "editor.emptyPrompts")}>
          <HTMLSelect
            id="node-handover"
            fill
            value={id}
            onChange={(e) => setId(e.target.value)}
            options={[{ value: "", label: "—" }, ...options.map((o) => ({ value: String(o.id), label: o.type ? `${o.name} (${o.type})` : o.name }))]}
          />
        </FormGroup>
      )}
    </NodeDialogShell>
  );
}
