import type { ReactNode } from "react";
import { NonIdealState } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";

/** What a person sees on a page their profile or permissions do not open. */
export function NoAccess({ action }: { action?: ReactNode }) {
  const { t } = useTranslation("common");
  return (
    <div className="app-state">
      <NonIdealState icon="lock" title={t("noAccess.title")} description={t("noAccess.message")} action={action ? <>{action}</> : undefined} />
    </div>
  );
}
