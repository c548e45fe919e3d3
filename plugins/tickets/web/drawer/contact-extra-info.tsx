import { useTranslation } from "react-i18next";
import type { ExtraInfo } from "../../../contacts/web/contacts-api.ts";

/** The contact's extra name/value pairs, read-only (they are edited in the contact dialog). */
export function ContactExtraInfo({ rows }: { rows: ExtraInfo[] }) {
  const { t } = useTranslation("tickets");
  if (rows.length === 0) return null;
  return (
    <section aria-label={t("actions.drawer.extraInfo")}>
      <h5 className="bp6-heading">{t("actions.drawer.extraInfo")}</h5>
      <dl style={{ margin: 0 }}>
        {rows.map((row, i) => (
          <div key={row.id ?? i} style={{ marginBottom: 6 }}>
            <dt className="bp6-text-muted bp6-text-small">{row.name}</dt>
            <dd style={{ margin: 0, wordBreak: "break-word" }}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
