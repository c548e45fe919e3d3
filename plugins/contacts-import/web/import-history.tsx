import { Button, H5, HTMLTable, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../web/src/ui/format-date.ts";
import type { ContactImport } from "./contacts-import-api.ts";
import { statusIntent } from "./import-progress.tsx";
import { useNumber } from "./use-number.ts";

/** The company's latest imports (not the uploads never started): when, what, status and counts; one opens its result. */
export function ImportHistory({ imports, onOpen }: { imports: ContactImport[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation("contacts-import");
  const fmt = useNumber();
  const shown = imports.filter((i) => i.status !== "uploaded");
  return (
    <section className="contacts-import-history" aria-label={t("history.title")}>
      <H5>{t("history.title")}</H5>
      {!shown.length ? (
        <p className="contacts-import-note">{t("history.empty")}</p>
      ) : (
        <HTMLTable compact striped style={{ width: "100%" }}>
          <thead>
            <tr>
              <th>{t("history.when")}</th>
              <th>{t("history.source")}</th>
              <th>{t("history.status")}</th>
              <th>{t("history.counts")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {shown.map((i) => (
              <tr key={i.id}>
                <td>{formatDateTime(i.createdAt)}</td>
                <td>{i.source === "whatsapp" ? t("progress.whatsapp") : i.fileName}</td>
                <td>
                  <Tag minimal intent={statusIntent(i.status)}>
                    {t(`status.${i.status}`)}
                  </Tag>
                </td>
                <td>{t("history.summary", { created: fmt(i.created), updated: fmt(i.updated), failed: fmt(i.failed) })}</td>
                <td>
                  <Button variant="minimal" icon="eye-open" aria-label={t("history.open", { name: i.fileName || t("progress.whatsapp") })} onClick={() => onOpen(i.id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
