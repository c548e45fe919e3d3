import { FormGroup, HTMLSelect, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useGetImportTagOptionsQuery } from "./contacts-import-api.ts";

/** Tags given to every imported contact: chips of the chosen ones and a select of the rest. */
export function TagChooser({ value, onChange, help }: { value: number[]; onChange: (ids: number[]) => void; help?: string }) {
  const { t } = useTranslation("contacts-import");
  const { data: tags = [] } = useGetImportTagOptionsQuery();
  const rest = tags.filter((tag) => !value.includes(tag.id));
  return (
    <FormGroup label={t("tags.label")} helperText={help} labelFor="contacts-import-tags">
      <div className="contacts-import-tags">
        {value.map((id) => {
          const tag = tags.find((x) => x.id === id);
          return (
            <Tag key={id} style={{ background: tag?.color }} onRemove={() => onChange(value.filter((v) => v !== id))}>
              {tag?.name ?? id}
            </Tag>
          );
        })}
        <HTMLSelect
          id="contacts-import-tags"
          value=""
          disabled={!rest.length}
          onChange={(e) => e.target.value && onChange([...value, Number(e.target.value)])}
          options={[{ value: "", label: rest.length ? t("tags.add") : t("tags.none") }, ...rest.map((tag) => ({ value: String(tag.id), label: tag.name }))]}
        />
      </div>
    </FormGroup>
  );
}
