import { useEffect, useMemo, useState } from "react";
import { Callout, InputGroup, Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../web/src/ui/confirm-dialog.tsx";
import { formatDate } from "../../../web/src/ui/format-date.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
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
import { companyToValues, emptyCompany, serverFieldErrors, valuesToBody, type CompanyFieldErrors, type CompanyFormValues } from "./company-values.ts";
import { useDebounced } from "./use-debounced.ts";

/**
 * The companies screen's body, shared by the /companies page and the settings tab:
 * the form on top, the table below with infinite scroll over /companiesPlan/.
 */
export function CompaniesManager({ today }: { today?: string }) {
  const { t } = useTranslation("companies");
  const [search, setSearch] = useState("");
  const searchParam = useDebounced(search.trim(), 500);
  const list = useCompaniesPlanInfiniteQuery(searchParam);
  const [createCompany, creating] = useCreateCompanyMutation();
  const [updateCompany, updating] = useUpdateCompanyMutation();
  const [deleteCompany, deleting] = useDeleteCompanyMutation();
  const [renewCompany] = useRenewCompanyMutation();
  const [editing, setEditing] = useState<CompanyWithUsage | null>(null);
  const [toDelete, setToDelete] = useState<CompanyWithUsage | null>(null);
  const [renewingId, setRenewingId] = useState<number | null>(null);
  const [serverErrors, setServerErrors] = useState<CompanyFieldErrors>({});
  const [formKey, setFormKey] = useState(0);
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

  const reset = () => {
    setEditing(null);
    setServerErrors({});
    setFormKey((k) => k + 1);
  };

  const save = async (values: CompanyFormValues) => {
    setServerErrors({});
    try {
      if (editing) await updateCompany({ id: editing.id, ...valuesToBody(values, false) }).unwrap();
      else await createCompany(valuesToBody(values, true)).unwrap();
      toastSuccess(t("messages.saved"));
      reset();
    } catch (err) {
      setServerErrors(serverFieldErrors(err));
      toastError(`${t("messages.saveError")}. ${t("messages.saveHint")}`);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteCompany(toDelete.id).unwrap();
      toastSuccess(t("messages.saved"));
      if (editing?.id === toDelete.id) reset();
    } catch (err) {
      toastError(err);
    } finally {
      setToDelete(null);
    }
  };

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
      <CompanyForm
        key={formKey}
        editingId={editing?.id ?? null}
        initial={initial}
        saving={creating.isLoading || updating.isLoading}
        serverErrors={serverErrors}
        onSubmit={save}
        onCancel={reset}
      />
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
          onEdit={(c) => {
            setServerErrors({});
            setEditing(c);
          }}
          onDelete={setToDelete}
          onRenew={renew}
        />
      )}
      <div ref={sentinel} aria-hidden style={{ height: 1 }} />
      {list.isFetchingNextPage ? <Spinner size={20} /> : null}
      <ConfirmDialog
        isOpen={toDelete !== null}
        title={t("messages.deleteTitle")}
        message={t("messages.deleteMessage")}
        loading={deleting.isLoading}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </div>
  );
}
