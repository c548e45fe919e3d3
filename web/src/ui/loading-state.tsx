import { Spinner, SpinnerSize } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";

/** A centred spinner with a label, for pages and panels waiting on data. */
export function LoadingState({ label, fill = false }: { label?: string; fill?: boolean }) {
  const { t } = useTranslation("common");
  return (
    <div className={fill ? "app-state app-state-fill" : "app-state"} role="status" aria-live="polite">
      <Spinner size={SpinnerSize.STANDARD} />
      <div className="app-state-label">{label ?? t("states.loading")}</div>
    </div>
  );
}
