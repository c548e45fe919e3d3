import type { ReactNode } from "react";
import { Button, Card, H5, Intent, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { EmptyState, formatDate, LoadingState, PageLayout } from "../../../web/src/ui/index.ts";
import { daysUntil } from "../../companies/web/public.ts";
import { useGetSubscriptionQuery } from "./billing-api.ts";
import { formatMoney, localDay } from "./invoice-status.ts";

/**
 * /subscription, 'Assinatura' (spec 001 §2): the licence period, the billing e-mail, the days
 * left ('vence em hoje' on the due day) and 'Assine Agora!', which opens the checkout of the
 * unpaid invoice on /financeiro.
 */
export function SubscriptionPage() {
  const { t, i18n } = useTranslation("billing");
  const [, navigate] = useLocation();
  const { currentData: sub, isError } = useGetSubscriptionQuery();
  if (!sub) return <PageLayout title={t("subscription.title")}>{isError ? <EmptyState icon="error" title={t("messages.loadError")} /> : <LoadingState />}</PageLayout>;
  const days = daysUntil(sub.dueDate, localDay());
  const remaining =
    days === null
      ? null
      : days > 0
        ? t("subscription.daysLeft", { count: days })
        : days === 0
          ? t("subscription.dueToday")
          : t("subscription.expired", { date: formatDate(sub.dueDate) });
  const row = (label: string, value: ReactNode) => (
    <p style={{ display: "flex", justifyContent: "space-between", gap: 12, margin: "6px 0" }}>
      <span style={{ opacity: 0.7 }}>{label}</span>
      <strong>{value}</strong>
    </p>
  );
  return (
    <PageLayout title={t("subscription.title")}>
      <div style={{ display: "grid", gap: 16, gridTemplateColumns: "repeat(auto-fit, minmax(300px, 1fr))", maxWidth: 900 }}>
        <Card>
          <H5>{t("subscription.period")}</H5>
          {row(t("subscription.plan"), sub.plan?.name ?? "—")}
          {row(t("subscription.recurrence"), t(`recurrence.${sub.recurrence}`, { defaultValue: sub.recurrence }))}
          {row(t("subscription.dueDate"), formatDate(sub.dueDate) || "—")}
          {remaining ? (
            <p style={{ marginTop: 12 }}>
              <Tag large intent={days !== null && days <= 0 ? Intent.DANGER : days !== null && days <= 5 ? Intent.WARNING : Intent.SUCCESS}>
                {remaining}
              </Tag>
            </p>
          ) : null}
        </Card>
        <Card>
          <H5>{t("subscription.billing")}</H5>
          {row(t("subscription.email"), sub.email || "—")}
          {sub.invoice ? row(t("subscription.nextInvoice"), `${formatMoney(sub.invoice.value, i18n.language)} · ${formatDate(sub.invoice.dueDate)}`) : null}
          <Button
            style={{ marginTop: 16 }}
            intent={Intent.SUCCESS}
            large
            icon="credit-card"
            text={t("subscription.subscribe")}
            onClick={() => navigate("/financeiro?pay=1")}
            disabled={!sub.invoice}
          />
        </Card>
      </div>
    </PageLayout>
  );
}

export default SubscriptionPage;
