import { useEffect, useRef, useState } from "react";
import { Button, Callout, HTMLTable, Intent, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { useSession } from "../../../web/src/session/session.ts";
import { ConfirmDialog, EmptyState, formatDate, ListFooter, PageLayout, useConfirmedAction, useLiveList, type LivePage } from "../../../web/src/ui/index.ts";
import { type Invoice, useGetInvoicesPageQuery, useGetSubscriptionQuery, useMarkInvoicePaidMutation } from "./billing-api.ts";
import { CheckoutDialog } from "./checkout-dialog.tsx";
import { displayIntent, formatMoney, invoiceDisplay } from "./invoice-status.ts";
import { UnsettledPayments } from "./unsettled-payments.tsx";
import { usePaymentConcluded } from "./use-payment-concluded.ts";

/** The server's order: latest due date first. */
const latestFirst = (a: Invoice, b: Invoice) => b.dueDate.localeCompare(a.dueDate) || b.id - a.id;
const OVERDUE_ROW = { background: "rgba(205, 66, 70, 0.12)" };

/**
 * /financeiro (spec 001 §2, §4): 'Faturas (count)', the company's invoices with details,
 * users, connections, queues, value, due date, status (Pago / Vencido, highlighted / Em
 * Aberto) and PAGAR while unpaid, which opens the checkout. The platform operator sees every
 * company's invoices, confirms a payment with one click, and sees the payments that settled
 * nothing (unsettled-payments.tsx). `?pay=1` opens the checkout of the unpaid invoice (the
 * subscription page's 'Assine Agora!').
 */
export function InvoicesPage() {
  const { t, i18n } = useTranslation("billing");
  const { isSuper } = useSession();
  const search = useSearch();
  const list = useLiveList({
    query: useGetInvoicesPageQuery,
    args: (searchParam, pageNumber) => ({ searchParam, pageNumber }),
    page: (p): LivePage<Invoice> => ({ records: p.invoices, count: p.count, hasMore: p.hasMore }),
    topic: "invoice",
    payloadKey: "invoice",
    insertOn: "upsert",
    order: latestFirst,
    loadError: t("messages.loadError"),
  });
  // Read once here so the checkout opens with the company's document already known.
  useGetSubscriptionQuery(undefined, { skip: isSuper });
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);
  usePaymentConcluded((event) => {
    setPaying(null);
    setRenewedUntil(event.company.dueDate);
  });

  const autoOpened = useRef(false);
  useEffect(() => {
    if (autoOpened.current || isSuper || !new URLSearchParams(search).has("pay")) return;
    const unpaid = list.records.find((i) => i.status !== "paid");
    if (unpaid) {
      autoOpened.current = true;
      setPaying(unpaid);
    }
  }, [search, list.records, isSuper]);

  const [markPaid, marking] = useMarkInvoicePaidMutation();
  const confirmation = useConfirmedAction((invoice: Invoice) => markPaid(invoice.id).unwrap(), {
    success: t("messages.markedPaid"),
    onDone: (invoice) => list.upsert({ ...invoice, status: "paid", paidWith: "manual" }),
  });

  const money = (n: number) => formatMoney(n, i18n.language);
  return (
    <PageLayout title={t("titleCount", { count: list.count })} actions={isSuper ? null : <Link href="/subscription">{t("menu.subscription")}</Link>}>
      {renewedUntil ? (
        <Callout intent={Intent.SUCCESS} icon="tick-circle" style={{ marginBottom: 16 }}>
          {t("payment.renewed", { date: formatDate(renewedUntil) })}
        </Callout>
      ) : null}
      {isSuper ? <UnsettledPayments /> : null}
      {list.empty ? (
        <EmptyState icon="dollar" title={t("empty")} />
      ) : (
        <HTMLTable striped style={{ width: "100%" }} aria-label={t("title")}>
          <thead>
            <tr>
              {isSuper ? <th>{t("columns.company")}</th> : null}
              <th>{t("columns.detail")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.users")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.connections")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.queues")}</th>
              <th style={{ textAlign: "right" }}>{t("columns.value")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.dueDate")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.status")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.action")}</th>
            </tr>
          </thead>
          <tbody>
            {list.records.map((invoice) => {
              const display = invoiceDisplay(invoice);
              return (
                <tr key={invoice.id} style={display === "overdue" ? OVERDUE_ROW : undefined} data-status={display}>
                  {isSuper ? <td>{invoice.companyName}</td> : null}
                  <td>{invoice.detail}</td>
                  <td style={{ textAlign: "center" }}>{invoice.users}</td>
                  <td style={{ textAlign: "center" }}>{invoice.connections}</td>
                  <td style={{ textAlign: "center" }}>{invoice.queues}</td>
                  <td style={{ textAlign: "right", whiteSpace: "nowrap" }}>{money(invoice.value)}</td>
                  <td style={{ textAlign: "center" }}>{formatDate(invoice.dueDate)}</td>
                  <td style={{ textAlign: "center" }}>
                    <Tag intent={displayIntent[display]} minimal={display !== "overdue"}>
                      {t(`status.${display}`)}
                    </Tag>
                  </td>
                  <td style={{ textAlign: "center", whiteSpace: "nowrap" }}>
                    {display === "paid" ? null : isSuper ? (
                      <Button size="small" icon="tick" text={t("actions.markPaid")} onClick={() => confirmation.ask(invoice)} />
                    ) : (
                      <Button size="small" intent={Intent.SUCCESS} text={t("actions.pay")} onClick={() => setPaying(invoice)} />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
      <ListFooter sentinel={list.sentinel} loading={list.loading} />
      {paying ? <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} /> : null}
      <ConfirmDialog
        {...confirmation.dialog}
        title={t("confirm.title")}
        message={t("confirm.message", { company: confirmation.target?.companyName ?? "", value: money(confirmation.target?.value ?? 0) })}
        loading={marking.isLoading}
        intent={Intent.PRIMARY}
      />
    </PageLayout>
  );
}

export default InvoicesPage;
