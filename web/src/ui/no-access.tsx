import type { ReactNode } from "react";
import { NonIdealState } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";

/** What a person sees on a page their profile or permissions do not open. */
export function NoAccess({ action }: { action?: ReactNode }) {
  const { t } = useTranslation("common");
  // biome-ignore lint/complexity/noUselessFragments: NonIdealState's `action` takes a JSX element, not any ReactNode; the fragment is the conversion.
  const actionElement = action ? <>{action}</> : undefined;
  return (
    <div className="app-state">
      <NonIdealState icon="lock" title={t("noAccess.title")} description={t("noAccess.message")} action={actionElement} />
    </div>
  );
}
