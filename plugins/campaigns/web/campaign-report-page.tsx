import { Card, H2, H5, Intent, ProgressBar, Tag } from "@blueprintjs/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { formatDateTime, LoadingState, PageLayout } from "../../../web/src/ui/index.ts";
import { useGetCampaignReportQuery } from "./campaigns-api.ts";

/** Spec 002 §4.1: a finalized campaign's report is read again 5 s after a live update. */
export const FINISHED_REFETCH_MS = 5_000;

/**
 * /campaign/:campaignId/report (spec 002 §2.4): status, a progress bar (delivered over valid
 * contacts) and the cards (valid contacts, confirmations requested, confirmations, delivered),
 * plus each variant's sent count; live through `company-{id}-campaign`.
 */
export function CampaignReportPage({ params }: { params: { campaignId?: string } }) {
  const { t } = useTranslation("campaigns");
  const id = Number(params.campaignId);
  const { data, refetch } = useGetCampaignReportQuery(id, { skip: !Number.isInteger(id) });
  const later = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (later.current && clearTimeout(later.current)), []);
  useCompanyEvent("campaign", (event: { record?: { id?: number; status?: string } }) => {
    if (event?.record?.id !== id) return;
    if (event.record.status === "FINALIZADA") {
      if (later.current) clearTimeout(later.current);
      later.current = setTimeout(() => void refetch(), FINISHED_REFETCH_MS);
    }
    void refetch();
  });
  if (!data) return <LoadingState />;
  const progress = data.valid ? data.delivered / data.valid : 0;
  const cards = [
    ["valid", data.valid],
    ["confirmationRequested", data.confirmationRequested],
    ["confirmed", data.confirmed],
    ["delivered", data.delivered],
    ["invalid", data.invalid],
    ["suppressed", data.suppressed],
  ] as const;
  return (
    <PageLayout title={t("report.title", { name: data.name })}>
      <div style={{ display: "flex", gap: 12, alignItems: "center", marginBottom: 12 }}>
        <Tag large>{t(`status.${data.status}`)}</Tag>
        {data.completedAt ? <span>{t("report.completedAt", { at: formatDateTime(data.completedAt) })}</span> : null}
      </div>
      <ProgressBar
        intent={data.status === "FINALIZADA" ? Intent.SUCCESS : Intent.PRIMARY}
        value={progress}
        animate={data.status === "EM_ANDAMENTO"}
        stripes={data.status === "EM_ANDAMENTO"}
        aria-label={t("report.progress")}
      />
      <div style={{ marginTop: 4 }}>{t("report.progressText", { done: data.delivered, total: data.valid })}</div>
      <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(180px, 1fr))", gap: 12, marginTop: 16 }}>
        {cards.map(([key, value]) => (
          <Card key={key} aria-label={t(`report.${key}`)}>
            <H5>{t(`report.${key}`)}</H5>
            <H2>{value}</H2>
          </Card>
        ))}
      </div>
      {data.variants.length ? (
        <div style={{ marginTop: 16 }}>
          <H5>{t("report.variants")}</H5>
          {data.variants.map((v) => (
            <div key={v.variant}>{t("report.variant", { n: v.variant, sent: v.sent, read: v.read, replied: v.replied })}</div>
          ))}
        </div>
      ) : null}
    </PageLayout>
  );
}

export default CampaignReportPage;
