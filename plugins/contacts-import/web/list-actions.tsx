import { Button, Menu, MenuItem, Popover } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { toastError } from "../../../web/src/ui/toast.ts";
import type { ContactListActionProps } from "../../contacts/web/public.ts";
import { EXPORT_LANGS, type ExportFormat, exportFileName } from "../shared/export-file.ts";
import { useExportContactsMutation } from "./contacts-import-api.ts";

/** Saves an object URL as a file, then lets the browser free it. */
function saveAs(url: string, fileName: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The /contacts toolbar's "Import" (to /contacts/import) and "Export" (.xlsx or .csv of what the list shows). */
export function ContactListActions({ filter }: ContactListActionProps) {
  const { t, i18n } = useTranslation("contacts-import");
  const [, navigate] = useLocation();
  const [exportContacts, exporting] = useExportContactsMutation();
  const lang = EXPORT_LANGS.find((l) => l === i18n.language) ?? "pt";

  const download = async (format: ExportFormat) => {
    try {
      const url = await exportContacts({ format, searchParam: filter.searchParam, lang }).unwrap();
      saveAs(url, exportFileName(lang, format));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <>
      <Button icon="import" text={t("actions.import")} onClick={() => navigate("/contacts/import")} />
      <Popover
        placement="bottom-end"
        content={
          <Menu aria-label={t("actions.export")}>
            <MenuItem icon="th" text={t("export.xlsx")} onClick={() => download("xlsx")} />
            <MenuItem icon="document" text={t("export.csv")} onClick={() => download("csv")} />
          </Menu>
        }
      >
        <Button icon="export" text={t("actions.export")} endIcon="caret-down" loading={exporting.isLoading} />
      </Popover>
    </>
  );
}
