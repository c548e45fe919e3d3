import { Callout, HTMLTable, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../web/src/ui/index.ts";
import { useGetPaymentsQuery } from "./billing-api.ts";
import { formatMoney } from "./invoice-status.ts";

/**
 * The platform operator's /financeiro: payments that settled nothing (a second payment of a
 * paid invoice, one smaller than its charge, one priced for a plan the company left), so none
 * is absorbed silently (issue 32). Nothing shows while there are none. Newest first, 20 at most
 * here; GET /billing/payments pages the rest.
 */
export function UnsettledPayments() {
  const { t, i18n } = useTranslation("billing");
  const { data } = useGetPaymentsQuery({ attention: true, pageNumber: 1 });
  if (!data?.count) return null;
  const money = (n: number) => formatMoney(n, i18n.language);
  return (
    <Callout intent={Intent.WARNING} icon="warning-sign" title={t("unsettled.title", { count: data.count })} style={{ marginBottom: 16 }}>
      <p>{t("unsettled.hint")}</p>
      <HTMLTable compact style={{ width: "100%" }} aria-label={t("unsettled.label")}>
        <thead>
          <tr>
            <th>{t("columns.company")}</th>
            <th>{t("unsettled.columns.invoice")}</th>
            <th>{t("unsettled.columns.provider")}</th>
            <th>{t("unsettled.columns.payment")}</th>
            <th style={{ textAlign: "right" }}>{t("unsettled.columns.amount")}</th>
            <th style={{ textAlign: "right" }}>{t("unsettled.columns.charged")}</th>
            <th>{t("unsettled.columns.outcome")}</th>
            <th>{t("unsettled.columns.received")}</th>
          </tr>
        </thead>
        <tbody>
          {data.payments.map((p) => (
            <tr key={p.id} data-outcome={p.outcome}>
              <td>{p.companyName}</td>
              <td>{p.invoiceId}</td>
              <td>{p.provider}</td>
              <td style={{ wordBreak: "break-all" }}>{p.paymentId}</td>
              <td style={{ textAlign: "right", whiteSpace: "nowrap" }}>{money(p.amount)}</td>
              <td style={{ textAlign: "right", whiteSpace: "nowrap" }}>{p.chargeAmount === null ? "" : money(p.chargeAmount)}</td>
              <td>{t(`unsettled.outcome.${p.outcome}`)}</td>
              <td style={{ whiteSpace: "nowrap" }}>{formatDateTime(p.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Callout>
  );
}
