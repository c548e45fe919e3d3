import { Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { subscriptionDaysLeft } from "../plugin/access.ts";
import { useSession } from "../session/session.ts";
import { formatDate } from "../ui/format-date.ts";

/** The due date's colour, like the companies table: yellow 1-5 days, red 0 or less (spec 001 §4). */
export function dueDateIntent(days: number | null): "none" | "warning" | "danger" {
  return days === null ? "none" : days <= 0 ? "danger" : days <= 5 ? "warning" : "none";
}

/** The company's due date for admins (the wide top bar; narrow screens show it in the user menu). */
export function DueDate() {
  const { t } = useTranslation("common");
  const session = useSession();
  if (!session.isAdmin || !session.company?.dueDate) return null;
  return (
    <Tag minimal round icon="calendar" intent={dueDateIntent(subscriptionDaysLeft(session))} className="app-due-date">
      {t("topbar.dueDate", { date: formatDate(session.company.dueDate) })}
    </Tag>
  );
}
