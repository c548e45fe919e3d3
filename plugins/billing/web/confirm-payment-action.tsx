import { useState } from "react";
import { Button, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { ConfirmDialog, toastError, toastSuccess } from "../../../web/src/ui/index.ts";
import type { CompanyRowActionProps } from "../../companies/web/public.ts";
import { useLazyGetInvoicesPageQuery, useMarkInvoicePaidMutation } from "./billing-api.ts";
import { formatMoney } from "./invoice-status.ts";

/**
 * The operator's one click on the companies screen (`companies.rowActions`): confirms the
 * company's unpaid invoice paid (a static PIX seen in the bank statement, a payment made
 * elsewhere), which renews the company at once.
 */
export function ConfirmPaymentAction({ company, onChanged }: CompanyRowActionProps) {
  const { t, i18n } = useTranslation("billing");
  const [findInvoices, finding] = useLazyGetInvoicesPageQuery();
  const [markPaid, marking] = useMarkInvoicePaidMutation();
  const [target, setTarget] = useState<{ id: number; value: number } | null>(null);

  const ask = async () => {
    try {
      const page = await findInvoices({ searchParam: "", pageNumber: 1, companyId: company.id }).unwrap();
      const unpaid = page.invoices.find((i) => i.companyId === company.id && i.status !== "paid");
      if (!unpaid) return toastError(t("messages.nothingToConfirm"));
      setTarget({ id: unpaid.id, value: unpaid.value });
    } catch (err) {
      toastError(err);
    }
  };
  const confirm = async () => {
    if (!target) return;
    try {
      await markPaid(target.id).unwrap();
      toastSuccess(t("messages.markedPaid"));
      onChanged();
    } catch (err) {
      toastError(err);
    } finally {
      setTarget(null);
    }
  };

  return (
    <>
      {/* An icon like the row's edit and delete: the companies table is wide already. */}
      <Button variant="minimal" icon="dollar" aria-label={t("actions.markPaid")} title={t("actions.markPaid")} loading={finding.isFetching} onClick={() => void ask()} />
      <ConfirmDialog
        isOpen={target !== null}
        onConfirm={() => void confirm()}
        onClose={() => setTarget(null)}
        title={t("confirm.title")}
        message={t("confirm.message", { company: company.name, value: formatMoney(target?.value ?? 0, i18n.language) })}
        loading={marking.isLoading}
        intent={Intent.PRIMARY}
      />
    </>
  );
}
