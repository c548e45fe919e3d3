import { Button, NonIdealState } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";

/** An address no page answers. */
export function NotFoundPage() {
  const { t } = useTranslation("common");
  const [, navigate] = useLocation();
  return (
    <div className="app-state app-state-fill">
      <NonIdealState
        icon="search"
        title={t("notFound.title")}
        description={t("notFound.message")}
        action={<Button intent="primary" icon="home" text={t("notFound.home")} onClick={() => navigate("/")} />}
      />
    </div>
  );
}

export default NotFoundPage;
