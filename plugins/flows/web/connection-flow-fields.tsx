import { FormGroup, HTMLSelect, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { ConnectionHandlerField, ConnectionHandlerProps } from "../../connections/web/public.ts";
import { useFlowOptionsQuery } from "./flows-api.ts";

const FIELDS: readonly ConnectionHandlerField[] = ["flowIdWelcome", "flowIdNotPhrase"];

/** The connection dialog's flow selects (zone `connections.dialog.handlers`): the welcome flow and the "no phrase matched" flow. */
export function ConnectionFlowFields({ values, set, errors }: ConnectionHandlerProps) {
  const { t } = useTranslation("flows");
  const { data } = useFlowOptionsQuery();
  const flows = data?.flows ?? [];
  return (
    <>
      {FIELDS.map((field) => (
        <FormGroup key={field} label={t(`connection.${field}`)} labelFor={`connection-${field}`} intent={errors[field] ? Intent.DANGER : Intent.NONE} helperText={errors[field]}>
          <HTMLSelect
            id={`connection-${field}`}
            fill
            value={values[field] === null ? "" : String(values[field])}
            onChange={(e) => set(field, e.target.value ? Number(e.target.value) : null)}
            options={[{ value: "", label: t("connection.none") }, ...flows.map((f) => ({ value: String(f.id), label: f.name }))]}
          />
        </FormGroup>
      ))}
    </>
  );
}
