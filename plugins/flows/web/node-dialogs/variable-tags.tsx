import { Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";

/** The saved variables as `{{name}}` placeholders; a click adds one to the text being written. */
export function VariableTags({ variables, onPick }: { variables: string[]; onPick: (placeholder: string) => void }) {
  const { t } = useTranslation("flows");
  if (!variables.length) return null;
  return (
    <div style={{ display: "flex", gap: 4, flexWrap: "wrap", alignItems: "center", margin: "4px 0 8px" }}>
      <small>{t("fields.variables")}:</small>
      {variables.map((v) => (
        <Tag key={v} interactive onClick={() => onPick(`{{${v}}}`)}>
          {`{{${v}}}`}
        </Tag>
      ))}
    </div>
  );
}
