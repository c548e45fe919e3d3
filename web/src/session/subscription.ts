import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { subscriptionDaysLeft } from "../plugin/access.ts";
import { formatDate } from "../ui/format-date.ts";
import { toastError, toastWarning } from "../ui/toast.ts";
import type { Session } from "./session.ts";

/** Warn when fewer than 5 days remain (spec 000 §9). */
export const SUBSCRIPTION_WARNING_DAYS = 5;

export type SubscriptionNotice = { kind: "warning"; days: number } | { kind: "expired"; dueDate: string } | null;

/** What to tell the person about the company's subscription today (company 1 never expires). */
export function subscriptionNotice(session: Pick<Session, "company">, now = new Date()): SubscriptionNotice {
  const days = subscriptionDaysLeft(session, now);
  if (days === null) return null;
  if (days <= 0) return { kind: "expired", dueDate: session.company?.dueDate ?? "" };
  return days < SUBSCRIPTION_WARNING_DAYS ? { kind: "warning", days } : null;
}

/** Where an expired company is sent (spec 001 §4), when the billing plugin serves it. */
export const BILLING_PATH = "/financeiro";

/**
 * Shows the subscription toast once per signed-in session (the layout mounts once per
 * sign-in); an expired company is also sent to billing when `goToBilling` is given.
 */
export function useSubscriptionWarning(session: Session, goToBilling?: () => void): void {
  const { t } = useTranslation("common");
  const shownFor = useRef<number | null>(null);
  const userId = session.user?.id ?? null;
  useEffect(() => {
    if (userId === null || shownFor.current === userId) return;
    shownFor.current = userId;
    const notice = subscriptionNotice(session);
    if (notice?.kind === "warning") {
      const unit = notice.days === 1 ? t("subscription.day") : t("subscription.days");
      toastWarning(t("subscription.warning", { count: notice.days, unit }));
    } else if (notice?.kind === "expired") {
      toastError(t("subscription.expired", { date: formatDate(notice.dueDate) }));
      goToBilling?.();
    }
  }, [userId, session, t, goToBilling]);
}
