import { Button, FormGroup, InputGroup, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { messageKey } from "./contact-form.ts";
import type { ExtraInfo } from "./contacts-api.ts";

export interface ExtraInfoFieldsProps {
  rows: ExtraInfo[];
  /** Row index -> message. */
  errors?: Record<number, string>;
  onChange(rows: ExtraInfo[]): void;
}

/** The contact's free name/value pairs: add, edit, remove. */
export function ExtraInfoFields({ rows, errors, onChange }: ExtraInfoFieldsProps) {
  const { t } = useTranslation("contacts");
  const update = (i: number, patch: Partial<ExtraInfo>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <section aria-label={t("dialog.extraInfo")}>
      <h4 className="bp6-heading">{t("dialog.extraInfo")}</h4>
      {rows.map((row, i) => (
        <div key={row.id ?? `new-${i}`} style={{ display: "flex", gap: 8, alignItems: "flex-start" }}>
          <FormGroup style={{ flex: 1 }} intent={errors?.[i] ? Intent.DANGER : Intent.NONE} helperText={errors?.[i] ? t(messageKey(errors[i]!)) : undefined}>
            <InputGroup aria-label={t("fields.extraName")} placeholder={t("fields.extraName")} value={row.name} onChange={(e) => update(i, { name: e.target.value })} />
          </FormGroup>
          <FormGroup style={{ flex: 1 }}>
            <InputGroup aria-label={t("fields.extraValue")} placeholder={t("fields.extraValue")} value={row.value} onChange={(e) => update(i, { value: e.target.value })} />
          </FormGroup>
          <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("actions.removeExtra")} onClick={() => onChange(rows.filter((_, j) => j !== i))} />
        </div>
      ))}
      <Button icon="add" variant="outlined" text={t("actions.addExtra")} onClick={() => onChange([...rows, { name: "", value: "" }])} />
    </section>
  );
}
