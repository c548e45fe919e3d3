import { Button, Card, HTMLTable, InputGroup } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState, formatDateTime, toastError, toastSuccess, useDebouncedValue } from "../../../web/src/ui/index.ts";
import { type Suppression, useAddSuppressionMutation, useGetSuppressionsQuery, useRemoveSuppressionMutation } from "./campaigns-api.ts";

/**
 * The opt-out list on /campaigns-config (README "Opt-out"): numbers every campaign skips,
 * searchable, 20 a page with "More"; an admin adds a number or takes one off.
 */
export function SuppressionList() {
  const { t } = useTranslation("campaigns");
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search);
  const [pageNumber, setPageNumber] = useState(1);
  const [rows, setRows] = useState<Suppression[]>([]);
  const [number, setNumber] = useState("");
  const { data } = useGetSuppressionsQuery({ searchParam, pageNumber });
  const [add, adding] = useAddSuppressionMutation();
  const [remove] = useRemoveSuppressionMutation();
  useEffect(() => setPageNumber(1), [searchParam]);
  useEffect(() => {
    if (data) setRows((before) => (pageNumber === 1 ? data.records : [...before.filter((r) => !data.records.some((d) => d.id === r.id)), ...data.records]));
  }, [data, pageNumber]);
  const submit = async () => {
    try {
      await add(number).unwrap();
      setNumber("");
      setPageNumber(1);
      toastSuccess(t("optOut.added"));
    } catch (err) {
      toastError(err);
    }
  };
  const drop = async (row: Suppression) => {
    try {
      await remove(row.id).unwrap();
      setRows((before) => before.filter((r) => r.id !== row.id));
      toastSuccess(t("optOut.removed"));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <Card style={{ marginTop: 12 }} aria-label={t("optOut.list")}>
      <h4>{t("optOut.list")}</h4>
      <div style={{ display: "flex", gap: 8, marginBottom: 8 }}>
        <InputGroup leftIcon="search" placeholder={t("optOut.search")} aria-label={t("optOut.search")} value={search} onChange={(e) => setSearch(e.target.value)} />
        <InputGroup placeholder={t("optOut.number")} aria-label={t("optOut.number")} value={number} onChange={(e) => setNumber(e.target.value)} />
        <Button icon="add" text={t("optOut.add")} disabled={!number.trim()} loading={adding.isLoading} onClick={() => void submit()} />
      </div>
      {rows.length ? (
        <HTMLTable compact striped style={{ width: "100%" }}>
          <thead>
            <tr>
              <th>{t("optOut.number")}</th>
              <th>{t("optOut.source")}</th>
              <th>{t("optOut.createdAt")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.number}</td>
                <td>{t(`optOut.source_${row.source}`)}</td>
                <td>{formatDateTime(row.createdAt)}</td>
                <td style={{ textAlign: "right" }}>
                  <Button icon="trash" variant="minimal" aria-label={t("optOut.remove", { number: row.number })} onClick={() => void drop(row)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : (
        <EmptyState title={t("optOut.empty")} />
      )}
      {data?.hasMore ? <Button text={t("optOut.more")} variant="minimal" onClick={() => setPageNumber(pageNumber + 1)} /> : null}
    </Card>
  );
}
