import { Button, Callout, Checkbox, HTMLSelect, HTMLTable, Intent } from "@blueprintjs/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../web/src/ui/toast.ts";
import { COLUMN_TARGETS, type ColumnTarget, SINGLE_TARGETS } from "../shared/columns.ts";
import { type ContactImport, type ImportPreview, useCancelContactImportMutation, useStartContactImportMutation } from "./contacts-import-api.ts";
import { TagChooser } from "./tag-chooser.tsx";

/** What is wrong with a mapping before it is sent: no number column, or a field taken twice (the server says the same). */
export function mappingProblem(columns: ColumnTarget[]): "noNumber" | "duplicated" | null {
  if (!columns.includes("number")) return "noNumber";
  return SINGLE_TARGETS.some((target) => columns.filter((c) => c === target).length > 1) ? "duplicated" : null;
}

/** The second step: the file's first rows, a target per column, header or not, tags for all; then start. */
export function MappingStep({ preview, onStarted, onDiscard }: { preview: ImportPreview; onStarted: (started: ContactImport) => void; onDiscard: () => void }) {
  const { t } = useTranslation("contacts-import");
  const [columns, setColumns] = useState<ColumnTarget[]>(preview.columns);
  const [hasHeader, setHasHeader] = useState(preview.hasHeader);
  const [tags, setTags] = useState<number[]>([]);
  const [start, starting] = useStartContactImportMutation();
  const [cancel] = useCancelContactImportMutation();
  const id = preview.contactImport.id;
  const problem = mappingProblem(columns);
  const header = hasHeader ? preview.rows[0] : undefined;
  const rows = hasHeader ? preview.rows.slice(1) : preview.rows;

  const go = async () => {
    try {
      onStarted(await start({ id, columns, hasHeader, tags }).unwrap());
    } catch (err) {
      toastError(err);
    }
  };
  const discard = async () => {
    await cancel(id)
      .unwrap()
      .catch(() => undefined);
    onDiscard();
  };

  return (
    <div className="contacts-import-mapping">
      <p>{t("mapping.help", { fileName: preview.contactImport.fileName })}</p>
      <Checkbox checked={hasHeader} label={t("mapping.hasHeader")} onChange={(e) => setHasHeader(e.currentTarget.checked)} />
      <div className="contacts-import-preview">
        <HTMLTable compact striped aria-label={t("mapping.preview")}>
          <thead>
            <tr>
              {columns.map((target, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position in the file
                <th key={i}>
                  <HTMLSelect
                    aria-label={t("mapping.columnLabel", { column: header?.[i] || t("mapping.column", { n: i + 1 }) })}
                    value={target}
                    onChange={(e) => setColumns(columns.map((c, j) => (j === i ? (e.target.value as ColumnTarget) : c)))}
                    options={COLUMN_TARGETS.map((value) => ({ value, label: t(`targets.${value}`) }))}
                  />
                  <div className="contacts-import-header">{header?.[i] || t("mapping.column", { n: i + 1 })}</div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the preview's rows are fixed positions of the file
              <tr key={r}>
                {columns.map((_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position in the file
                  <td key={i}>{row[i] ?? ""}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <p className="contacts-import-note">{t("mapping.firstRows", { count: rows.length })}</p>
      <TagChooser value={tags} onChange={setTags} help={t("tags.help")} />
      {problem ? (
        <Callout intent={Intent.WARNING} icon="warning-sign">
          {t(`mapping.${problem}`)}
        </Callout>
      ) : null}
      <div className="contacts-import-buttons">
        <Button text={t("mapping.discard")} onClick={discard} />
        <Button intent={Intent.PRIMARY} icon="import" text={t("mapping.start")} disabled={problem !== null} loading={starting.isLoading} onClick={go} />
      </div>
    </div>
  );
}
