import { Button, NonIdealState } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";

/** The spec's 403 page (000 §2): shown e.g. to a user whose showDashboard is disabled; back goes to /tickets. */
export function ForbiddenPage() {
  const { t } = useTranslation("common");
  const [, navigate] = useLocation();
  return (
    <div className="app-state app-state-fill">
      <NonIdealState
        icon="disable"
        title={
          <span className="app-forbidden-title">
            <span className="app-forbidden-code">{t("forbidden.code")}</span>
            {t("forbidden.title")}
          </span>
        }
        description={t("forbidden.message")}
        action={<Button intent="primary" icon="arrow-left" text={t("forbidden.back")} onClick={() => navigate("/tickets")} />}
      />
    </div>
  );
}

export default ForbiddenPage;
