import { Button } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Brand } from "../../../web/src/layout/brand.tsx";

/** The right side when no ticket is selected: the brand logo and the welcome line. */
export function TicketsWelcome({ onSelectTicket }: { onSelectTicket?: () => void }) {
  const { t } = useTranslation("tickets");
  return (
    <div className="tickets-welcome">
      <Brand large size={72} />
      <p className="tickets-welcome-text">{t("page.welcome")}</p>
      {onSelectTicket ? <Button intent="primary" icon="list" text={t("page.selectTicket")} onClick={onSelectTicket} /> : null}
    </div>
  );
}
