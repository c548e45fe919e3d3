import type { ReactNode } from "react";
import { NonIdealState } from "@blueprintjs/core";
import type { IconName } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";

export interface EmptyStateProps {
  title?: ReactNode;
  description?: ReactNode;
  icon?: IconName;
  /** A button that creates the first record, for example. */
  action?: ReactNode;
}

/** A list with nothing in it. */
export function EmptyState({ title, description, icon = "inbox", action }: EmptyStateProps) {
  const { t } = useTranslation("common");
  // biome-ignore lint/complexity/noUselessFragments: NonIdealState's `action` takes a JSX element, not any ReactNode; the fragment is the conversion.
  const actionElement = action ? <>{action}</> : undefined;
  return (
    <div className="app-state">
      <NonIdealState icon={icon} title={title ?? t("states.empty")} description={description} action={actionElement} />
    </div>
  );
}
