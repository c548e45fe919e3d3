import { useEffect, useMemo, useState } from "react";
import { Callout, InputGroup, Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../web/src/ui/confirm-dialog.tsx";
import { formatDate } from "../../../web/src/ui/format-date.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import { useDebouncedValue } from "../../../web/src/ui/use-debounced-value.ts";
import { useRecordEditor } from "../../../web/src/ui/use-record-editor.ts";
import { useInfiniteScroll } from "../../../web/src/ui/use-infinite-scroll.ts";
import {
  useCompaniesPlanInfiniteQuery,
  useCreateCompanyMutation,
  useDeleteCompanyMutation,
  useRenewCompanyMutation,
  useUpdateCompanyMutation,
  type CompanyWithUsage,
} from "./companies-api.ts";
import { CompaniesTable } from "./companies-table.tsx";
import { CompanyForm } from "./company-form.tsx";
import { companyToValues, emptyCompany, serverFieldErrors, valuesToChanges, valuesToPayload, type CompanyFormValues } from "./company-values.ts";

/**
 * The companies screen's body, shared by the /companies page and the settings tab:
 * the form on top, the table below with infinite scroll over /companiesPlan/.
 */
export function CompaniesManager({ today }: { today?: string }) {
  const { t } = useTranslation("companies");
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim());
  const list = useCompaniesPlanInfiniteQuery(searchParam);
  const [createCompany, creating] = useCreateCompanyMutation();
  const [updateCompany, updating] = useUpdateCompanyMutation();
  const [deleteCompany, deleting] = useDeleteCompanyMutation();
  const [renewCompany] = useRenewCompanyMutation();
  const [renewingId, setRenewingId] = useState<number | null>(null);
  const editor = useRecordEditor({
    persist: (values: CompanyFormValues, editing: CompanyWithUsage | null) =>
      editing ? updateCompany({ id: editing.id, ...valuesToChanges(values) }).unwrap() : createCompany(valuesToPayload(values)).unwrap(),
    remove: (company: CompanyWithUsage) => deleteCompany(company.id).unwrap(),
    fieldErrors: serverFieldErrors,
    messages: { saved: t("messages.saved"), saveFailed: `${t("messages.saveError")}. ${t("messages.saveHint")}`, deleted: t("messages.saved") },
  });
  const { editing } = editor;
  const initial = useMemo<CompanyFormValues>(() => (editing ? companyToValues(editing) : emptyCompany(today)), [editing, today]);

  const companies = useMemo(() => {
    // Pages can overlap when rows are added while scrolling; keep each company once.
    const seen = new Map<number, CompanyWithUsage>();
    for (const page of list.data?.pages ?? []) for (const c of page.companies) if (!seen.has(c.id)) seen.set(c.id, c);
    return [...seen.values()];
  }, [list.data]);
  const sentinel = useInfiniteScroll(() => void list.fetchNextPage(), !!list.hasNextPage, { loading: list.isFetching });

  useEffect(() => {
    if (list.isError) toastError(t("messages.loadError"));
  }, [list.isError, t]);

  const renew = async (company: CompanyWithUsage) => {
    setRenewingId(company.id);
    try {
      const updated = await renewCompany(company.id).unwrap();
      toastSuccess(t("messages.renewed", { date: formatDate(updated.dueDate) }));
    } catch (err) {
      toastError(err);
    } finally {
      setRenewingId(null);
    }
  };

  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
      <CompanyForm key={editor.formKey} {...editor.formProps} initial={initial} saving={creating.isLoading || updating.isLoading} />
      <InputGroup leftIcon="search" type="search" placeholder={t("search")} aria-label={t("search")} value={search} onValueChange={setSearch} style={{ maxWidth: 320 }} />
      {list.isLoading ? (
        <Spinner size={32} />
      ) : list.isError ? (
        <Callout intent="danger">{t("messages.loadError")}</Callout>
      ) : (
        <CompaniesTable
          companies={companies}
          selectedId={editing?.id ?? null}
          today={today}
          renewingId={renewingId}
          onEdit={editor.edit}
          onDelete={editor.deletion.ask}
          onRenew={renew}
          onChanged={() => void list.refetch()}
        />
      )}
      <div ref={sentinel} aria-hidden style={{ height: 1 }} />
      {list.isFetchingNextPage ? <Spinner size={20} /> : null}
      <ConfirmDialog {...editor.deletion.dialog} title={t("messages.deleteTitle")} message={t("messages.deleteMessage")} loading={deleting.isLoading} />
    </div>
  );
}
