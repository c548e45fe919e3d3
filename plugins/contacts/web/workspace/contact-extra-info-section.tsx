import { useTranslation } from "react-i18next";
import type { TicketDrawerSectionProps } from "../../../tickets/web/public.ts";
import { useDrawerContact } from "./use-drawer-contact.ts";

/** The contact's extra name/value pairs in the ticket's drawer, read-only (they are edited in the contact dialog). */
export function ContactExtraInfoSection(props: TicketDrawerSectionProps) {
  const { t } = useTranslation("contacts");
  const rows = useDrawerContact(props).extraInfo;
  if (rows.length === 0) return null;
  return (
    <section aria-label={t("workspace.extraInfo")}>
      <h5 className="bp6-heading">{t("workspace.extraInfo")}</h5>
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
